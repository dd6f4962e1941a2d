import {
  LivePositionsMessages,
  ReadCacheTags,
  type ListMyCopiesRpcReply,
  type LivePositionsResponse,
  type ReadCacheMeta,
} from '@copytrade/contracts';
import type { CopyEngineConfig } from '../../config/copy-engine.config';

type Freshness = Pick<
  CopyEngineConfig,
  'LIVE_READS_CACHE_TTL_MS' | 'LIVE_READS_CACHE_UNQUOTED_TTL_MS' | 'LIVE_READS_CACHE_STALE_MS'
>;

/** The user's own answer, fresh for the shorter time while it shows what ages by the clock. */
function userCache(tags: string[], timeSensitive: boolean, config: Freshness): ReadCacheMeta {
  const ttl = config.LIVE_READS_CACHE_TTL_MS;
  return {
    scope: 'user',
    tags,
    // 0 (off) stays 0; otherwise an answer that does not age by the clock is never kept for less.
    freshForMs: ttl > 0 && !timeSensitive ? Math.max(config.LIVE_READS_CACHE_UNQUOTED_TTL_MS, ttl) : ttl,
    staleForMs: config.LIVE_READS_CACHE_STALE_MS,
  };
}

/**
 * The feed: the user's own (their copies), altered by any traces change (trades shared or closed, subscriptions) and
 * by any copy of a trade it shows (its counts). It ages by the clock when it shows a live quote, or a quote failed
 * and may be had now; a feed left unquoted because the user has no brokerage to quote through stays so until they
 * link one (most links end in a write of theirs, which drops it).
 */
export function livePositionsCache(userId: string, feed: LivePositionsResponse, config: Freshness): ReadCacheMeta {
  const timeSensitive =
    feed.positions.some((position) => position.priceSource === 'quote') ||
    feed.apiWarnings.some((warning) => warning !== LivePositionsMessages.noBrokerage);
  const tags = [ReadCacheTags.user(userId), ReadCacheTags.traces];
  for (const position of feed.positions) tags.push(ReadCacheTags.trade(position.id));
  return userCache(tags, timeSensitive, config);
}

/**
 * A my-copies page ages by the clock while it shows a copy that is pending (its fill, or a refusal, is not pushed to
 * the gateway) or open (its price is the brokerage's latest). A page of closed and failed copies only, or of none,
 * changes by a copy the user makes or closes — their own write or the live push, which drop it — or by an automatic
 * copy refused at once (not pushed: it shows within the longer freshness).
 */
export function myCopiesCache(userId: string, page: ListMyCopiesRpcReply, config: Freshness): ReadCacheMeta {
  const timeSensitive = page.copies.some((copy) => copy.status === 'pending' || copy.status === 'open');
  return userCache([ReadCacheTags.user(userId)], timeSensitive, config);
}
