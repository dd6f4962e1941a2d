import {
  LivePositionsMessages,
  ReadCacheTags,
  type CopyInstanceStatus,
  type CopyInstanceView,
  type ListMyCopiesRpcReply,
  type LivePositionView,
  type LivePositionsResponse,
} from '@copytrade/contracts';
import { livePositionsCache, myCopiesCache } from './live-reads-cache';

const USER = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const config = {
  LIVE_READS_CACHE_TTL_MS: 5_000,
  LIVE_READS_CACHE_UNQUOTED_TTL_MS: 15_000,
  LIVE_READS_CACHE_STALE_MS: 8_000,
};
/** Ages by the clock: the shorter freshness. */
const SHORT = config.LIVE_READS_CACHE_TTL_MS;

const position = (id: string, priceSource: LivePositionView['priceSource']) =>
  ({ id, priceSource }) as LivePositionView;
const feed = (positions: LivePositionView[], apiWarnings: string[] = []): LivePositionsResponse => ({
  success: true,
  positions,
  error: apiWarnings.length > 0 ? LivePositionsMessages.pricesUnavailable : null,
  apiWarnings,
});
const feedCache = (reply: LivePositionsResponse) => livePositionsCache(USER, reply, config);

describe('livePositionsCache', () => {
  it('names the trades the feed shows (and the user, and any traces change)', () => {
    const { scope, tags } = feedCache(feed([position('t1', 'quote'), position('t2', 'trace')]));
    expect(scope).toBe('user');
    expect(tags).toEqual([
      ReadCacheTags.user(USER),
      ReadCacheTags.traces,
      ReadCacheTags.trade('t1'),
      ReadCacheTags.trade('t2'),
    ]);
  });

  it('a live quote, or a quote that failed, ages by the clock', () => {
    expect(feedCache(feed([position('t1', 'quote')])).freshForMs).toBe(SHORT);
    const failed = feed([position('t1', 'trace')], [LivePositionsMessages.quoteFailed(['AAPL'])]);
    expect(feedCache(failed).freshForMs).toBe(SHORT);
    const optionsOnly = feed([position('t1', 'trace')], [LivePositionsMessages.optionsNotQuoted(['SPY'])]);
    expect(feedCache(optionsOnly).freshForMs).toBe(SHORT);
  });

  it('a feed unquoted for want of a brokerage, or empty, does not', () => {
    const noBrokerage = feed([position('t1', 'trace')], [LivePositionsMessages.noBrokerage]);
    expect(feedCache(noBrokerage).freshForMs).toBe(15_000);
    expect(feedCache(feed([])).freshForMs).toBe(15_000);
    expect(feedCache(feed([])).staleForMs).toBe(8_000);
  });

  it('TTL 0 keeps nothing', () => {
    expect(livePositionsCache(USER, feed([]), { ...config, LIVE_READS_CACHE_TTL_MS: 0 }).freshForMs).toBe(0);
  });
});

const page = (...statuses: CopyInstanceStatus[]): ListMyCopiesRpcReply => ({
  copies: statuses.map((status, index) => ({ id: `c${index}`, status }) as CopyInstanceView),
  limit: 100,
  offset: 0,
  total: statuses.length,
});
const pageCache = (reply: ListMyCopiesRpcReply) => myCopiesCache(USER, reply, config);

describe('myCopiesCache', () => {
  it('a page showing a pending or an open copy ages by the clock (a fill not pushed, the latest price)', () => {
    expect(pageCache(page('pending')).freshForMs).toBe(SHORT);
    expect(pageCache(page('closed', 'open')).freshForMs).toBe(SHORT);
    expect(pageCache(page('failed', 'pending', 'closed')).freshForMs).toBe(SHORT);
  });

  it('a page of closed and failed copies only, or of none, does not (what changes it is dropped or shows later)', () => {
    expect(pageCache(page()).freshForMs).toBe(15_000);
    expect(pageCache(page('closed', 'failed')).freshForMs).toBe(15_000);
  });

  it('names no trades (no other user’s copy changes a my-copies page): the user only', () => {
    expect(pageCache(page('open')).tags).toEqual([ReadCacheTags.user(USER)]);
  });
});
