import { createHash } from 'node:crypto';
import type { NormalizedMarketOrder } from '@copytrade/contracts';

/** Equal requests have equal fingerprints: the normalized order plus the account as the client named it (null = primary). */
export function orderFingerprint(accountId: string | null, order: NormalizedMarketOrder): string {
  const canonical = JSON.stringify([
    accountId,
    order.action,
    order.symbol,
    order.quantity,
    order.option?.multiplier ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Request ids as the IETF idempotency-key draft suggests: opaque, bounded, safe to log. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
