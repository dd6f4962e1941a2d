import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { notificationEmailsQueuedGauge, WorkLoop } from '@copytrade/nest';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { setTimeout as delay } from 'node:timers/promises';
import { DataSource, Repository } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { MAILER, type Mailer } from '../mail/mailer';
import { readNotificationPreferences } from '../settings/notification-preferences.reader';
import { readOwnerNotificationPreferences } from '../settings/owner-notification-preferences.reader';
import { UserEntity } from '../users/entities/user.entity';
import { emailAllowed, type RecipientSwitches } from './email-topic-switches';
import { NotificationEmailOptOutEntity } from './entities/notification-email-opt-out.entity';
import { NotificationEmailQueueStore, type ClaimedRecipient, type DueRule } from './notification-email-queue.store';
import { notificationEmail } from './notification-email-template';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/** How often due recipients are looked for (the gathering delay and the window pass without any event). */
const POLL_MS = 5_000;
/** A claim's lease: a replica that dies mid-batch leaves its recipients to the others after it. */
const LEASE_SECONDS = 300;
/** A batch is given up (the rest released) past half its lease, so a slow mail server never outlives a claim. */
const BATCH_MAX_MS = (LEASE_SECONDS * 1000) / 2;
/** Recipients claimed at once: about this many seconds of sending at the configured rate, within 1–100. */
const CLAIM_SECONDS_OF_SENDING = 30;
const CLAIM_MAX = 100;
/** One e-mail tells of at most this many notifications; the rest wait for the next window. */
const PENDING_PER_EMAIL = 500;
/** A failed send is retried after 30 s, doubling up to an hour, for as long as it fails; its rows stay waiting. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;
const PRUNE_BATCH = 1_000;
/** The queue-depth gauge counts at most this many waiting notifications (a scrape stays one short index read). */
const QUEUE_GAUGE_CAP = 100_000;

/**
 * The notification e-mails (docs/notification-emails.md): a summary e-mail per recipient whose oldest waiting
 * notification is NOTIFICATION_EMAIL_GATHER_SECONDS old and whose last e-mail is NOTIFICATION_EMAIL_WINDOW_SECONDS
 * old, honouring the recipient's switches as they are when it is sent, at most NOTIFICATION_EMAIL_RATE_PER_MINUTE
 * per replica, evenly spaced. Recipients are claimed with a lease, so replicas share the work; a failed send keeps
 * the notifications and retries that recipient alone, later. Never sent from an event handler: the handlers only
 * write the rows.
 */
@Injectable()
export class NotificationEmailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationEmailWorker.name);
  private readonly loop = new WorkLoop<boolean>({
    pass: () => this.work(),
    more: (fullBatch) => fullBatch,
    intervalMs: POLL_MS,
    failed: (error) => this.logger.warn({ err: error }, 'Notification e-mails could not be sent; trying again shortly'),
  });
  /** One e-mail per 60/rate seconds: the rate, evenly spaced (rate-limiter-flexible's fractional duration). */
  private readonly pace: RateLimiterMemory;
  private readonly stopped = new AbortController();
  private readonly claimSize: number;
  private readonly rule: DueRule;

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: NotificationEmailQueueStore,
    private readonly tokens: UnsubscribeTokens,
    @InjectRepository(NotificationEmailOptOutEntity)
    private readonly optOuts: Repository<NotificationEmailOptOutEntity>,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {
    const rate = config.NOTIFICATION_EMAIL_RATE_PER_MINUTE;
    this.pace = new RateLimiterMemory({ points: 1, duration: 60 / rate });
    this.claimSize = Math.min(CLAIM_MAX, Math.max(1, Math.ceil((rate / 60) * CLAIM_SECONDS_OF_SENDING)));
    this.rule = {
      windowSeconds: config.NOTIFICATION_EMAIL_WINDOW_SECONDS,
      gatherSeconds: config.NOTIFICATION_EMAIL_GATHER_SECONDS,
      leaseSeconds: LEASE_SECONDS,
    };
  }

  onApplicationBootstrap(): void {
    notificationEmailsQueuedGauge(() => this.store.waitingCount(QUEUE_GAUGE_CAP));
    this.loop.start();
    this.loop.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped.abort(); // a pass waiting for its next send slot stops waiting
    await this.loop.stop();
  }

  /** Sends what is due now, batch after batch, and resolves once nothing due is left (tests and benchmarks). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** One batch; whether it was full (more may be due). */
  private async work(): Promise<boolean> {
    await this.store.prune(this.rule.windowSeconds, PRUNE_BATCH);
    const claimed = await this.store.claimDue(this.claimSize, this.rule);
    const started = Date.now();
    for (const [index, recipient] of claimed.entries()) {
      if (this.loop.stopping || Date.now() - started > BATCH_MAX_MS) {
        await this.store.release(claimed.slice(index).map((rest) => rest.userId));
        return !this.loop.stopping;
      }
      try {
        await this.mailTo(recipient);
      } catch (error) {
        // Not the mail server (handled in mailTo): the database. The recipient is tried again on a later pass.
        this.logger.warn({ err: error, userId: recipient.userId }, 'Notification e-mail could not be prepared');
        await this.store.release([recipient.userId]).catch(() => undefined);
      }
    }
    return claimed.length === this.claimSize;
  }

  private async mailTo({ userId, failures }: ClaimedRecipient): Promise<void> {
    const pending = await this.store.pendingOf(userId, PENDING_PER_EMAIL);
    const recipient = await this.recipient(userId);
    const allowed = recipient ? pending.filter((row) => emailAllowed(row.topic, recipient.switches)) : [];
    const mailed = new Set(allowed);
    await this.store.markEmailed(pending.filter((row) => !mailed.has(row)).map((row) => row.id));
    if (!recipient || allowed.length === 0) return this.store.release([userId], true);
    if (!(await this.sendSlot())) return this.store.release([userId]);

    const topics = [...new Set(allowed.map((row) => row.topic))];
    const mail = notificationEmail({
      to: recipient.email,
      items: allowed,
      publicUrl: this.config.PUBLIC_URL,
      unsubscribeTokens: new Map(topics.map((topic) => [topic, this.tokens.issue({ userId, topic })])),
    });
    try {
      await this.mailer.send(mail);
    } catch (error) {
      const retryMs = Math.min(RETRY_BASE_MS * 2 ** failures, RETRY_MAX_MS);
      await this.store.recordFailure(userId, retryMs);
      this.logger.warn(
        { err: error, userId, failures: failures + 1, retryInSeconds: retryMs / 1000 },
        'Notification e-mail not sent; its notifications wait for the retry',
      );
      return;
    }
    // A crash right here sends this e-mail again once the lease ends (at least once, never lost).
    await this.store.recordSent(
      userId,
      allowed.map((row) => row.id),
    );
  }

  /** The recipient's address and switches as they are now; null when the user no longer exists. */
  private async recipient(userId: string): Promise<{ email: string; switches: RecipientSwitches } | null> {
    const manager = this.dataSource.manager;
    const user = await manager.findOne(UserEntity, { where: { id: userId }, select: { id: true, email: true } });
    if (!user) return null;
    const [preferences, owner, optOuts] = await Promise.all([
      readNotificationPreferences(manager, userId),
      readOwnerNotificationPreferences(manager, userId),
      this.optOuts.find({ where: { userId }, select: { topic: true } }),
    ]);
    return {
      email: user.email,
      switches: { preferences, owner, optedOut: new Set(optOuts.map((optOut) => optOut.topic)) },
    };
  }

  /** Waits for the next send slot; false when the service stops meanwhile. */
  private async sendSlot(): Promise<boolean> {
    for (;;) {
      try {
        await this.pace.consume('send');
        return true;
      } catch (refusal) {
        if (refusal instanceof Error) throw refusal;
        try {
          await delay((refusal as RateLimiterRes).msBeforeNext, undefined, { signal: this.stopped.signal });
        } catch {
          return false;
        }
      }
    }
  }
}
