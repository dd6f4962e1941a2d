import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DomainException } from '@copytrade/nest';
import { Messages } from '@copytrade/contracts';
import { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { IdentityConfig } from '../../config/identity.config';

/**
 * Counts failed logins per account and per client address in PostgreSQL, so the limit holds across every
 * gateway and identity replica. Blocks (429) once either counter is spent; a success clears the account's.
 */
@Injectable()
export class LoginThrottle implements OnModuleDestroy {
  private readonly pool: Pool;
  private readonly perAccount: RateLimiterPostgres;
  private readonly perAddress: RateLimiterPostgres;

  constructor(@Inject(IdentityConfig) config: IdentityConfig) {
    this.pool = new Pool({ connectionString: config.DATABASE_URL, max: 3 });
    const common = { storeClient: this.pool, schemaName: 'identity', tableName: 'login_failures', tableCreated: true, duration: config.LOGIN_FAILURE_WINDOW_SECONDS, clearExpiredByTimeout: false };
    this.perAccount = new RateLimiterPostgres({ ...common, keyPrefix: 'account', points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT });
    this.perAddress = new RateLimiterPostgres({ ...common, keyPrefix: 'address', points: config.LOGIN_MAX_FAILURES_PER_ADDRESS });
  }

  /** Refuses before the password is even checked when either counter is spent. */
  async assertAllowed(account: string, address: string | undefined): Promise<void> {
    const [accountState, addressState] = await Promise.all([
      this.perAccount.get(account),
      address ? this.perAddress.get(address) : Promise.resolve(null),
    ]);
    const blocked = [
      [accountState, this.perAccount.points],
      [addressState, this.perAddress.points],
    ].find(([state, points]) => state !== null && (state as RateLimiterRes).consumedPoints >= (points as number));
    if (blocked) {
      const retryAfterSeconds = Math.ceil((blocked[0] as RateLimiterRes).msBeforeNext / 1000);
      throw DomainException.tooManyRequests(Messages.tooManyLoginAttempts, retryAfterSeconds);
    }
  }

  async recordFailure(account: string, address: string | undefined): Promise<void> {
    // penalty() counts without throwing when the limit is passed; assertAllowed decides next time.
    await Promise.all([this.perAccount.penalty(account), address ? this.perAddress.penalty(address) : undefined]);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.perAccount.delete(account);
  }

  async onModuleDestroy() {
    await this.pool.end();
  }
}
