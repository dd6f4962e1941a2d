import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '@copytrade/contracts';
import { IdentityConfig } from '../../config/identity.config';
import type { RateLimit } from '../rate-limits/rate-limit';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Limits login attempts per account and per client address in PostgreSQL, so the limit holds across every
 * gateway and identity replica. An attempt is taken atomically BEFORE the password is checked (a check-then-
 * count let parallel guesses all pass the check); a success gives it back, so in effect only failures count.
 * The account counter is keyed by user id: the username and the e-mail address share it.
 */
@Injectable()
export class LoginThrottle {
  private readonly perAccount: RateLimit;
  private readonly perAddress: RateLimit;

  constructor(@Inject(IdentityConfig) config: IdentityConfig, limits: RateLimits) {
    const common = { durationSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS, message: Messages.tooManyLoginAttempts };
    this.perAccount = limits.create(
      { ...common, name: 'account', points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT },
      'login_failures',
    );
    this.perAddress = limits.create(
      { ...common, name: 'address', points: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
      'login_failures',
    );
  }

  /**
   * Takes one attempt from each counter, 429 once either is spent. The address first: an address already
   * blocked does not spend the targeted account's attempts.
   */
  async takeAttempt(account: string, address: string | undefined): Promise<void> {
    if (address) await this.perAddress.consume(address);
    await this.perAccount.consume(account);
  }

  /** The attempt succeeded: the account starts over and the address gets its attempt back. */
  async recordSuccess(account: string, address: string | undefined): Promise<void> {
    await Promise.all([this.perAccount.reset(account), address ? this.perAddress.reward(address) : undefined]);
  }
}

/** The account counter's key: the user's id, or the unknown name typed (it has no account to share). */
export function loginAccountKey(user: { id: string } | null, identifier: string): string {
  return user ? `user:${user.id}` : `unknown:${identifier}`;
}
