import { SnaptradeError } from 'snaptrade-typescript-sdk';
import { ProviderError, type ProviderErrorKind } from '../provider/provider.error';

/** Query parameters and headers that are credentials: the SDK's error URL carries userSecret in clear. */
const SECRET_PARAMS = /\b(userSecret|consumerKey|clientId|Signature)=([^&\s"']+)/gi;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAMS, '$1=[REDACTED]');
}

interface SnaptradeErrorBody {
  detail?: unknown;
  default_detail?: unknown;
  error?: unknown;
  code?: unknown;
  default_code?: unknown;
}

/** What the mapper needs to know about the failed call. */
export interface FailureContext {
  /** A 404 on this call means this resource is missing. */
  notFound: ProviderErrorKind;
  isOrder?: boolean;
}

/** `Request was throttled. Expected available in 7 seconds.` → 7 (also X-RateLimit-Reset / Retry-After headers). */
export function retryAfterSeconds(headers: Record<string, unknown> | undefined, detail: string): number {
  const fromHeader = Number(headers?.['retry-after'] ?? headers?.['x-ratelimit-reset']);
  if (Number.isFinite(fromHeader) && fromHeader > 0) return Math.ceil(fromHeader);
  const fromDetail = /available in (\d+) second/i.exec(detail);
  return fromDetail ? Number(fromDetail[1]) : 5;
}

/** Broker rejections have no documented code (NOTES.md "Unverified"): their wording decides. */
function classifyRejection(detail: string, context: FailureContext): ProviderErrorKind {
  if (/market (is )?closed|outside (of )?(regular )?(market|trading) hours|market hours/i.test(detail))
    return 'MARKET_CLOSED';
  if (/buying power|insufficient (funds|cash|balance)/i.test(detail)) return 'INSUFFICIENT_BUYING_POWER';
  // "…you do not have enough shares to close your position." (Robinhood, relayed by SnapTrade)
  if (/insufficient (shares|position|quantity|units)|(not|n't)( have)? enough (shares|units)/i.test(detail))
    return 'INSUFFICIENT_POSITION';
  if (/option|strike|expir|occ/i.test(detail)) return 'INVALID_OPTIONS_DATA';
  return context.isOrder ? 'ORDER_REJECTED' : 'INVALID_ORDER';
}

/**
 * A SnapTrade SDK failure as a ProviderError (SnapTrade's codes; 402 is a disabled connection, not a
 * payment). The result never carries the SDK's URL or headers, which hold the user secret.
 */
export function mapSnaptradeFailure(error: unknown, context: FailureContext): ProviderError {
  if (!(error instanceof SnaptradeError)) {
    const message = error instanceof Error ? redactSecrets(error.message) : 'Unknown failure';
    return new ProviderError('UNEXPECTED', message);
  }
  const body = (
    typeof error.responseBody === 'object' && error.responseBody !== null ? error.responseBody : {}
  ) as SnaptradeErrorBody;
  const detail = redactSecrets(String(body.detail ?? body.default_detail ?? body.error ?? ''));
  const code = String(body.code ?? body.default_code ?? '');
  const meta = { providerStatus: error.status, providerCode: code || undefined };
  const status = error.status;
  if (status === undefined) {
    // Refused connections never reached the provider; any other network failure may have.
    const refused = error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND';
    return new ProviderError('UNAVAILABLE', `Provider unreachable (${error.code ?? 'network error'})`, {
      ...meta,
      outcome: refused ? 'not-placed' : 'unknown',
    });
  }
  const refused = (kind: ProviderErrorKind, message = detail) =>
    new ProviderError(kind, message, { ...meta, outcome: 'not-placed' });
  if (status === 401)
    return code === '1083'
      ? refused('INVALID_USER_CREDENTIALS')
      : refused('UNEXPECTED', `Provider refused our credentials (${code || 'no code'})`);
  if (status === 402) return refused('CONNECTION_DISABLED');
  if (status === 403) return refused('NOT_SUPPORTED', detail || 'Feature not enabled for this connection');
  if (status === 404) return refused(context.notFound);
  if (status === 410 || status === 501) return refused('NOT_SUPPORTED', detail || 'Endpoint not available');
  if (status === 429)
    return new ProviderError('RATE_LIMITED', detail, {
      ...meta,
      retryAfterSeconds: retryAfterSeconds(undefined, detail),
      outcome: 'not-placed',
    });
  if (status === 400 && code === '1010') return refused('USER_ALREADY_EXISTS');
  if (status === 400 || status === 422) return refused(classifyRejection(detail, context));
  if (status === 425) return refused('UNAVAILABLE', 'Provider data is still being populated');
  // 5xx (including 503 3002): the provider may or may not have acted; orders are reconciled, never retried.
  return new ProviderError(
    status === 503 ? 'UNAVAILABLE' : 'UNEXPECTED',
    `Provider error ${status} (${code || 'no code'})`,
    { ...meta, outcome: 'unknown' },
  );
}
