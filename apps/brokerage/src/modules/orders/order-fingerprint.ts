import { createHash } from 'node:crypto';
import type { NormalizedMarketOrder } from '@copytrade/contracts';

/**
 * Equal requests have equal fingerprints: the normalized order plus the account as the client named it (null =
 * primary). A limit order adds its limit and time in force; a market order's fingerprint is what it always was, so
 * intents stored before limit orders existed still recognise their repeats.
 */
export function orderFingerprint(accountId: string | null, order: NormalizedMarketOrder): string {
  const canonical = JSON.stringify([
    accountId,
    order.action,
    order.symbol,
    order.quantity,
    order.option?.multiplier ?? null,
    ...(order.limitPrice === undefined ? [] : [order.limitPrice, order.timeInForce ?? 'Day']),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Request ids as the IETF idempotency-key draft suggests: opaque, bounded, safe to log. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
