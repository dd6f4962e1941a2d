import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Messages } from '@copytrade/contracts';
import { IdentityConfig } from '../../config/identity.config';
import type { RateLimit } from '../rate-limits/rate-limit';
import { RateLimits } from '../rate-limits/rate-limits.service';

/**
 * Login limits that protect an account without letting anyone lock its owner out (docs/security.md#login-limits).
 * Kept in PostgreSQL (rate-limiter-flexible), so they hold across every gateway and identity replica; each attempt
 * is taken atomically BEFORE the password is checked, so parallel guesses cannot outrun a limit.
 *
 * - per (account, address): a few failures, then 429 for that address only;
 * - per address, across accounts: a larger number, then 429 (password spraying);
 * - per account, across addresses: past a few failures the account is slowed down, not locked: an address that
 *   has already failed on it gets one attempt per interval, account-wide, and the interval doubles with each
 *   failure (up to LOGIN_SLOWDOWN_MAX_SECONDS). An address that has not failed on it skips that queue, so the owner
 *   signs in with the right password, until so many failures that new addresses are slowed down too.
 *
 * The account is keyed by user id: the username and the e-mail address share its counters.
 */
@Injectable()
export class LoginThrottle {
  private readonly perAddress: RateLimit;
  private readonly perAccountAndAddress: RateLimit;
  private readonly accountFailures: RateLimit;
  private readonly accountSlowdown: RateLimit;

  constructor(
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
    limits: RateLimits,
  ) {
    const window = { durationSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS, message: Messages.tooManyLoginAttempts };
    this.perAddress = limits.create(
      { ...window, name: 'address', points: config.LOGIN_MAX_FAILURES_PER_ADDRESS },
      'login_failures',
    );
    this.perAccountAndAddress = limits.create(
      { ...window, name: 'account-address', points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS },
      'login_failures',
    );
    // Only counts (never refuses): the failures the account has had in the window, from every address.
    this.accountFailures = limits.create(
      { ...window, name: 'account', points: Number.MAX_SAFE_INTEGER },
      'login_failures',
    );
    // One attempt per interval; each key's interval is set when it starts (consume's durationSeconds).
    this.accountSlowdown = limits.create(
      { ...window, name: 'account-slowdown', points: 1, durationSeconds: 1 },
      'login_failures',
    );
  }

  /**
   * Takes one attempt from each counter, 429 once one refuses. The address first: an address already blocked does
   * not spend the targeted account's attempts.
   */
  async takeAttempt(account: string, address: string | undefined): Promise<void> {
    if (address) await this.perAddress.consume(address);
    const triesFromHere = await this.perAccountAndAddress.consume(pairKey(account, address));
    const failures = await this.accountFailures.consume(account);
    const beyondFree = failures - this.config.LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWDOWN;
    const failedHereBefore = triesFromHere > 1;
    const newAddressesSlowed = failures > this.config.LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWING_NEW_ADDRESSES;
    if (beyondFree > 0 && (failedHereBefore || newAddressesSlowed))
      await this.accountSlowdown.consume(account, { durationSeconds: this.slowdownSeconds(beyondFree) });
  }

  /**
   * The attempt succeeded: this address starts over on the account and gets its attempts back. The account's own
   * failures stay counted for the window, so signing in does not lift a slow-down an attacker is under.
   */
  async recordSuccess(account: string, address: string | undefined): Promise<void> {
    await Promise.all([
      this.perAccountAndAddress.reset(pairKey(account, address)),
      this.accountFailures.reward(account),
      address ? this.perAddress.reward(address) : undefined,
    ]);
  }

  /** 1 s after the first failure beyond the free ones, doubling with each further one, up to the maximum. */
  private slowdownSeconds(beyondFree: number): number {
    return Math.min(2 ** Math.min(beyondFree - 1, 30), this.config.LOGIN_SLOWDOWN_MAX_SECONDS);
  }
}

/** The (account, address) counter's key; a call without an address counts on the account's own. */
function pairKey(account: string, address: string | undefined): string {
  return address ? `${account}@${address}` : account;
}

/**
 * The account counter's key: the user's id, or a digest of the unknown name typed (it has no account to share;
 * hashed so a 254-character name still fits the table's key with an address).
 */
export function loginAccountKey(user: { id: string } | null, identifier: string): string {
  return user ? `user:${user.id}` : `unknown:${createHash('sha256').update(identifier).digest('hex')}`;
}
