/** What went wrong at the provider, in the product's terms (mapped from SnapTrade's error codes). */
export type ProviderErrorKind =
  | 'MARKET_CLOSED'
  | 'INSUFFICIENT_BUYING_POWER'
  | 'INSUFFICIENT_POSITION'
  | 'INVALID_OPTIONS_DATA'
  | 'INVALID_ORDER'
  | 'ORDER_REJECTED'
  | 'CONNECTION_NOT_FOUND'
  | 'CONNECTION_DISABLED'
  | 'ACCOUNT_NOT_FOUND'
  | 'RATE_LIMITED'
  | 'INVALID_USER_CREDENTIALS'
  | 'USER_ALREADY_EXISTS'
  | 'USER_NOT_FOUND'
  | 'NOT_SUPPORTED'
  | 'UNAVAILABLE'
  | 'UNEXPECTED';

/**
 * For order placement: 'not-placed' when the provider certainly did not accept the order (a 4xx, or our own
 * scheduler refused before sending); 'unknown' when it may have (timeout, network error, 5xx).
 */
export type OrderOutcome = 'not-placed' | 'unknown';

export interface ProviderErrorOptions {
  retryAfterSeconds?: number;
  providerStatus?: number;
  providerCode?: string;
  outcome?: OrderOutcome;
}

/** Carries no URL, header or secret: safe to log. */
export class ProviderError extends Error {
  readonly retryAfterSeconds?: number;
  readonly providerStatus?: number;
  readonly providerCode?: string;
  readonly outcome: OrderOutcome;

  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    options: ProviderErrorOptions = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.providerStatus = options.providerStatus;
    this.providerCode = options.providerCode;
    this.outcome = options.outcome ?? (kind === 'UNAVAILABLE' || kind === 'UNEXPECTED' ? 'unknown' : 'not-placed');
  }
}
