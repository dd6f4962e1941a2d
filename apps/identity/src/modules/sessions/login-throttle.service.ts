import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '@copytrade/contracts';
import { IdentityConfig } from '../../config/identity.config';
import type { RateLimit } from '../rate-limits/rate-limit';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Counts failed logins per account and per client address in PostgreSQL, so the limit holds across every
 * gateway and identity replica. Blocks (429) once either counter is spent; a success clears the account's.
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

  /** Refuses before the password is even checked when either counter is spent. */
  async assertAllowed(account: string, address: string | undefined): Promise<void> {
    await Promise.all([
      this.perAccount.assertAllowed(account),
      address ? this.perAddress.assertAllowed(address) : undefined,
    ]);
  }

  async recordFailure(account: string, address: string | undefined): Promise<void> {
    await Promise.all([this.perAccount.penalty(account), address ? this.perAddress.penalty(address) : undefined]);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.perAccount.reset(account);
  }
}
