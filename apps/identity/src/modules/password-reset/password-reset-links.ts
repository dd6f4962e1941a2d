import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { WorkLoop } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { newRandomToken, sha256Hex } from '../../common/random-token';
import { IdentityConfig } from '../../config/identity.config';
import { MailTemplates } from '../mail/mail-templates';
import { MAILER, type Mailer } from '../mail/mailer';

const REQUESTS = 'identity.password_reset_requests';
/** How often requests left behind (a crash, a mail server that refused) are looked for. */
const POLL_MS = 5_000;
/** A request whose mail failed this many times is dropped (logged): the user can ask again. */
const MAX_ATTEMPTS = 5;
/** The first retry's wait, doubled at each failure. */
const RETRY_BASE_MS = 10_000;

interface QueuedRequest {
  id: string;
  email: string;
  clientAddress: string | null;
  requestId: string;
  attempts: number;
}

/**
 * Forgot password's links (docs/security.md, "Timing of forgot-password"): a request is queued in PostgreSQL when it
 * is answered, for every address alike, and worked off after the answer — the account looked up, a link issued (the
 * user's earlier unused ones expired) and mailed — one request per transaction, claimed with SKIP LOCKED so replicas
 * share the work. A crash or a mail failure leaves the request queued: it is retried (a few times, backing off), and
 * dropped once its link could no longer be used. The address stays in identity's own table, never on the event
 * stream.
 */
@Injectable()
export class PasswordResetLinks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PasswordResetLinks.name);
  private readonly loop = new WorkLoop({
    pass: () => this.work(),
    intervalMs: POLL_MS,
    failed: (error) =>
      this.logger.warn({ err: error }, 'Password reset requests could not be worked off; trying again shortly'),
  });

  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
    this.kick(); // requests a previous run answered but did not finish
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Queues a request (the caller answers once it is written). */
  async queue(request: { email: string; clientAddress?: string; requestId: string }): Promise<void> {
    await this.dataSource.query(`INSERT INTO ${REQUESTS} (email, client_address, request_id) VALUES ($1, $2, $3)`, [
      request.email,
      request.clientAddress ?? null,
      request.requestId,
    ]);
  }

  /** Works off the queue now (a run under way goes round again). */
  kick(): void {
    this.loop.kick();
  }

  /** Resolves once the queue has been worked off (tests). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  private async work(): Promise<void> {
    // A link mailed after its lifetime could no longer be used: such requests (a long outage) are dropped.
    await this.dataSource.query(`DELETE FROM ${REQUESTS} WHERE created_at < now() - $1 * interval '1 minute'`, [
      this.config.PASSWORD_RESET_TTL_MINUTES,
    ]);
    while (!this.loop.stopping && (await this.dataSource.transaction((manager) => this.handleOne(manager))));
  }

  /** Handles the oldest due request; whether there was one. */
  private async handleOne(manager: EntityManager): Promise<boolean> {
    const [request] = (await manager.query(
      `SELECT id, email, client_address AS "clientAddress", request_id AS "requestId", attempts FROM ${REQUESTS}
        WHERE next_attempt_at <= now() ORDER BY next_attempt_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    )) as QueuedRequest[];
    if (!request) return false;
    const ttlMs = this.config.PASSWORD_RESET_TTL_MINUTES * 60_000;
    try {
      const accountFound = await this.sendLink(manager, request);
      await manager.query(`DELETE FROM ${REQUESTS} WHERE id = $1`, [request.id]);
      this.logger.log({ requestId: request.requestId, accountFound }, 'Password reset requested');
    } catch (error) {
      const attempts = request.attempts + 1;
      const retryMs = RETRY_BASE_MS * 2 ** (attempts - 1);
      const giveUp = attempts >= MAX_ATTEMPTS || retryMs >= ttlMs;
      if (giveUp) await manager.query(`DELETE FROM ${REQUESTS} WHERE id = $1`, [request.id]);
      else
        await manager.query(
          `UPDATE ${REQUESTS} SET attempts = $2, next_attempt_at = now() + $3 * interval '1 millisecond' WHERE id = $1`,
          [request.id, attempts, retryMs],
        );
      this.logger.warn(
        { err: error, requestId: request.requestId, attempts, givenUp: giveUp },
        'Password reset e-mail not sent',
      );
    }
    return true;
  }

  /** The link, issued and mailed when the address has an account; whether it had one. */
  private async sendLink(manager: EntityManager, request: QueuedRequest): Promise<boolean> {
    const [user] = (await manager.query(`SELECT id, email FROM identity.users WHERE lower(email) = $1`, [
      request.email,
    ])) as Array<{ id: string; email: string }>;
    if (!user) return false;
    const token = newRandomToken();
    // A new link replaces the user's earlier unused ones.
    await manager.query(
      `UPDATE identity.password_resets SET expires_at = now()
        WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()`,
      [user.id],
    );
    await manager.query(
      `INSERT INTO identity.password_resets (user_id, token_hash, expires_at, client_address)
       VALUES ($1, $2, now() + $3 * interval '1 minute', $4)`,
      [user.id, sha256Hex(token), this.config.PASSWORD_RESET_TTL_MINUTES, request.clientAddress],
    );
    const link = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send(
      MailTemplates.passwordReset({ to: user.email, link, ttlMinutes: this.config.PASSWORD_RESET_TTL_MINUTES }),
    );
    return true;
  }
}
