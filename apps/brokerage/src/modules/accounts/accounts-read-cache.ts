import { ReadCacheTags, type ReadCacheMeta } from '@copytrade/contracts';

/**
 * The account list (a provider round trip and a link sync) may be answered again by the gateway for a few seconds:
 * the user's own only, dropped by any brokerage write through a gateway and by identity's change of the user (their
 * brokerage link); changes made elsewhere (the provider's portal, fills of resting orders) show within `freshForMs`
 * (BROKERAGE_READ_CACHE_TTL_SECONDS).
 */
export function accountsCache(userId: string, freshForMs: number): ReadCacheMeta {
  return {
    scope: 'user',
    tags: [ReadCacheTags.user(userId), ReadCacheTags.brokerage(userId)],
    freshForMs,
  };
}
