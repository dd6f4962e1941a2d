import { Inject, Injectable, Logger } from '@nestjs/common';
import { BetaMessages, IdentityErrorCode } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { IsNull, LessThan, MoreThan, type EntityManager } from 'typeorm';
import { IdentityConfig } from '../../config/identity.config';
import { MAILER, type Mailer } from '../mail/mailer';
import { MailTemplates } from '../mail/mail-templates';
import { BetaCodeHasher } from './beta-code-hasher';
import { BetaCodeEntity } from './entities/beta-code.entity';

/** Wrong guesses after which a code is dead. */
export const BETA_CODE_MAX_FAILED_ATTEMPTS = 5;

/** A code verified for this address ($1) since $2, not yet used for a signup. */
const SIGNUP_PASS = 'email = $1 AND verified_at > $2 AND used_for_signup_at IS NULL';

export const betaVerificationRequired = () =>
  new DomainException(403, IdentityErrorCode.BETA_VERIFICATION_REQUIRED, BetaMessages.verificationRequired);
export const invalidBetaCode = () =>
  new DomainException(400, IdentityErrorCode.BETA_CODE_INVALID, BetaMessages.codeInvalid);

/** Issues, finds and e-mails beta codes; a new code for an address revokes its earlier live ones. */
@Injectable()
export class BetaCodes {
  private readonly logger = new Logger(BetaCodes.name);

  constructor(
    private readonly hasher: BetaCodeHasher,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  /** Stores a new code in the caller's transaction and returns it in clear, to be mailed after commit. */
  async issue(manager: EntityManager, email: string): Promise<string> {
    await manager.update(
      BetaCodeEntity,
      { email, revokedAt: IsNull(), verifiedAt: IsNull() },
      { revokedAt: new Date() },
    );
    const code = this.hasher.generate();
    const expiresAt = new Date(Date.now() + this.config.BETA_CODE_TTL_MINUTES * 60_000);
    await manager.insert(BetaCodeEntity, { email, codeHash: this.hasher.hash(email, code), expiresAt });
    return code;
  }

  async mail(email: string, code: string): Promise<void> {
    await this.mailer.send(
      MailTemplates.betaCode({
        to: email,
        code,
        ttlMinutes: this.config.BETA_CODE_TTL_MINUTES,
        publicUrl: this.config.PUBLIC_URL,
      }),
    );
    this.logger.log('Beta code e-mailed');
  }

  /** The address's live code (not revoked, verified, expired or dead), locked for the verification that reads it. */
  findLive(manager: EntityManager, email: string): Promise<BetaCodeEntity | null> {
    return manager.findOne(BetaCodeEntity, {
      where: {
        email,
        revokedAt: IsNull(),
        verifiedAt: IsNull(),
        expiresAt: MoreThan(new Date()),
        failedAttempts: LessThan(BETA_CODE_MAX_FAILED_ATTEMPTS),
      },
      order: { createdAt: 'DESC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  matches(code: BetaCodeEntity, candidate: string): boolean {
    return this.hasher.matches(code.codeHash, code.email, candidate);
  }

  /** Cheap check before the expensive parts of a signup; useForSignup decides inside the transaction. */
  async hasSignupPass(manager: EntityManager, email: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT id FROM identity.beta_codes WHERE ${SIGNUP_PASS} LIMIT 1`, [
      email,
      this.signupWindowStart(),
    ])) as unknown[];
    return rows.length > 0;
  }

  /**
   * Uses the address's verified code for a signup, in the signup's transaction: verified within the signup
   * window and not used before. 403 otherwise.
   */
  async useForSignup(manager: EntityManager, email: string): Promise<void> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [, affected] = (await manager.query(
      `UPDATE identity.beta_codes SET used_for_signup_at = now()
        WHERE id = (SELECT id FROM identity.beta_codes
                     WHERE ${SIGNUP_PASS} ORDER BY verified_at DESC LIMIT 1 FOR UPDATE)`,
      [email, this.signupWindowStart()],
    )) as [unknown[], number];
    if (affected === 0) throw betaVerificationRequired();
  }

  private signupWindowStart(): Date {
    return new Date(Date.now() - this.config.BETA_SIGNUP_WINDOW_MINUTES * 60_000);
  }
}
