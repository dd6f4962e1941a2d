import {
  TracesChangedSubject,
  type GetTraceRpcReply,
  type ListTracesQueryDto,
  type ListTracesRpcReply,
  type ListTradesRpcReply,
  type TraceDetailView,
  type TraceResponse,
  type TracesListResponse,
  type TradesResponse,
  type TraceViewerView,
  type TradeView,
} from '@copytrade/contracts';
import {
  ReadCacheTags,
  TRADES_PAGE_DEFAULT,
  TracesRpc,
  tracesChangedTags,
  type ListTradesQueryDto,
  type ReadCacheMeta,
} from '@copytrade/contracts';
import { fakeNats } from '../../../test/support/fake-nats';
import type { LiveEventsHub } from '../live-events/live-events.hub';
import { listTracesParams } from '../traces/traces.controller';
import { ReadCacheInvalidation } from './read-cache-invalidation.service';
import { ReadCache } from './read-cache.service';

const TRACE = '11111111-1111-4111-8111-111111111111';
const OTHER_TRACE = '22222222-2222-4222-8222-222222222222';
const LIST_READER = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

/** The traces service's cache metadata (apps/traces discovery-read-cache.ts), put on the replies as it does. */
const listMeta: ReadCacheMeta = { scope: 'everyone', tags: [ReadCacheTags.traces], freshForMs: 5_000 };
const accessMeta = (traceId: string, v: TraceViewerView): ReadCacheMeta => ({
  scope: `access:${traceId}:${v.isOwner ? 1 : 0}${v.isSubscribed ? 1 : 0}${v.hasAccess ? 1 : 0}-${v.tier ?? ''}`,
  tags: [ReadCacheTags.trace(traceId)],
  freshForMs: 5_000,
});

/**
 * ReadCache as the traces controller uses it (subjects, parameters and bodies), its answers parsed back from the
 * JSON bodies it gives (each checked to be a success body).
 */
function cacheWith(ttlSeconds = 5) {
  const bus = fakeNats(TracesChangedSubject);
  const service = new ReadCache({
    maxEntries: 1_000,
    refreshConcurrency: 4,
    limitOf: (subject) => (subject.startsWith('rpc.traces.') ? { freshMs: ttlSeconds * 1000, staleMs: 0 } : undefined),
  });
  const hub = { onEvent: () => () => undefined } as unknown as LiveEventsHub;
  const invalidation = new ReadCacheInvalidation(service, bus.nats, hub);
  invalidation.onModuleInit();
  const parse = <T extends { success: true }>(json: string): Omit<T, 'success'> => {
    const { success, ...answer } = JSON.parse(json) as T;
    expect(success).toBe(true);
    return answer;
  };
  const list = async (query: ListTracesQueryDto, load: () => Promise<ListTracesRpcReply>, url?: string) =>
    parse<TracesListResponse>(
      (
        await service.read(
          { subject: TracesRpc.listTraces, userId: LIST_READER, params: listTracesParams(query), url },
          async () => ({ ...(await load()), cache: listMeta }),
          (reply) => ({ success: true, ...reply }),
        )
      ).json,
    );
  const trades = async (
    userId: string,
    traceId: string,
    query: ListTradesQueryDto,
    load: () => Promise<ListTradesRpcReply>,
    url?: string,
  ) => {
    const params = `${traceId}\n${query.limit ?? TRADES_PAGE_DEFAULT}\n${query.status ?? ''}\n${query.includeRealtimeData ?? ''}`;
    const answer = await service.read(
      { subject: TracesRpc.listTrades, userId, params, url },
      async () => {
        const reply = await load();
        const cached = !query.includeRealtimeData && reply.viewer.hasAccess;
        return cached ? { ...reply, cache: accessMeta(traceId, reply.viewer) } : reply;
      },
      (reply) => ({ success: true, trades: reply.trades }),
    );
    return parse<TradesResponse>(answer.json).trades;
  };
  const trace = async (userId: string, traceId: string, load: () => Promise<GetTraceRpcReply>, url?: string) => {
    const answer = await service.read(
      { subject: TracesRpc.getTrace, userId, params: traceId, url },
      async () => {
        const reply = await load();
        return { ...reply, cache: accessMeta(traceId, reply.trace.viewer) };
      },
      ({ trace: { viewer, ...rest } }) => ({ success: true, trace: { ...rest, viewer } }),
    );
    return parse<TraceResponse>(answer.json).trace;
  };
  const cache = {
    list,
    trades,
    trace,
    /** What the traces controller does after a subscription change answered through this replica. */
    dropTrace: (traceId: string | undefined) => invalidation.local(tracesChangedTags({ traceId })),
    /** The fast path (CachedReadsInterceptor): the cached body of a URL for a user, parsed. */
    cached: async (userId: string, url: string) => {
      const body = await service.cachedAt(userId, url);
      return (
        body &&
        (JSON.parse(body.json) as { success: true; traces?: unknown; trades?: TradeView[]; trace?: TraceDetailView })
      );
    },
  };
  return { cache, ...bus };
}

const viewer = (overrides: Partial<TraceViewerView> = {}): TraceViewerView => ({
  isOwner: false,
  isSubscribed: true,
  hasAccess: true,
  tier: 'premium',
  ...overrides,
});
const NO_ACCESS = viewer({ isSubscribed: false, hasAccess: false, tier: null });
const trade = (id: string) => ({ id, symbol: 'AAPL' }) as TradeView;
const listReply = (subscriberCount: number) =>
  ({
    traces: [{ id: TRACE, subscriberCount }],
    pagination: { limit: 50, offset: 0, nextOffset: null },
  }) as unknown as ListTracesRpcReply;
const traceReply = (forViewer: TraceViewerView, posts: string[]): GetTraceRpcReply => ({
  trace: {
    id: TRACE,
    owner: { id: 'owner', username: 'owner' },
    posts: posts.map((title) => ({ title })),
    viewer: forViewer,
  } as unknown as TraceDetailView,
});
/** A loader that counts its calls and answers whatever `answer` holds at the time. */
function loader<T>(answer: () => T) {
  const load = jest.fn(async () => answer());
  return load;
}
const query = (fields: Partial<ListTracesQueryDto> = {}) => fields as ListTracesQueryDto;

describe('ReadCache, traces reads: the list of traces', () => {
  it('answers a repeated query (and the same query spelled with defaults) from the cache', async () => {
    const { cache } = cacheWith();
    const load = loader(() => listReply(1));
    await cache.list(query({ search: 'momentum' }), load);
    expect(
      await cache.list(query({ search: ' momentum ', category: 'All', sortBy: 'return', limit: 50 }), load),
    ).toEqual(listReply(1));
    expect(load).toHaveBeenCalledTimes(1);
    await cache.list(query({ search: 'momentum', sortBy: 'subscribers' }), load);
    await cache.list(query({ search: 'momentum', offset: 50 }), load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reads again after the traces service announces a change of any trace (a new subscriber count)', async () => {
    const { cache, broadcast } = cacheWith();
    let count = 1;
    const load = loader(() => listReply(count));
    await cache.list(query(), load);
    count = 2;
    broadcast({ traceId: OTHER_TRACE });
    expect((await cache.list(query(), load)).traces[0]!.subscriberCount).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('applies a change already received before answering from the cache', async () => {
    const { cache, broadcast } = cacheWith();
    let count = 1;
    const load = loader(() => listReply(count));
    await cache.list(query(), load);
    count = 2;
    // Received in the same turn as the request (setImmediate: after the I/O callbacks of the turn).
    setImmediate(() => broadcast({})); // queued before the read's own settling, as I/O of the same turn is
    const reading = cache.list(query(), load);
    expect((await reading).traces[0]!.subscriberCount).toBe(2);
  });

  it('expires entries after TRACES_READ_CACHE_TTL_SECONDS', async () => {
    const { cache } = cacheWith(1);
    const load = loader(() => listReply(1));
    await cache.list(query(), load);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cache.list(query(), load);
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await cache.list(query(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is off with TTL 0: every read asks the service', async () => {
    const { cache } = cacheWith(0);
    const load = loader(() => listReply(1));
    await cache.list(query(), load);
    await cache.list(query(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never stores an error', async () => {
    const { cache } = cacheWith();
    const load = jest.fn().mockRejectedValueOnce(new Error('timeout')).mockResolvedValue(listReply(1));
    await expect(cache.list(query(), load)).rejects.toThrow('timeout');
    await cache.list(query(), load);
    await cache.list(query(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not store a read that a change overtook, and a read after the change never joins it', async () => {
    const { cache, broadcast } = cacheWith();
    let release!: () => void;
    const held = jest.fn(() => new Promise<ListTracesRpcReply>((resolve) => (release = () => resolve(listReply(1)))));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const before = cache.list(query(), held);
    await turn(); // the first read is asking the service
    expect(held).toHaveBeenCalledTimes(1);
    const joined = cache.list(query(), held); // joins it (same epoch)
    await turn();
    broadcast({ traceId: TRACE });
    const fresh = loader(() => listReply(2));
    const after = cache.list(query(), fresh);
    release();
    expect((await before).traces[0]!.subscriberCount).toBe(1);
    expect((await joined).traces[0]!.subscriberCount).toBe(1);
    expect((await after).traces[0]!.subscriberCount).toBe(2);
    expect(held).toHaveBeenCalledTimes(1);
    expect(fresh).toHaveBeenCalledTimes(1);
    expect((await cache.list(query(), fresh)).traces[0]!.subscriberCount).toBe(2);
    expect(fresh).toHaveBeenCalledTimes(1); // the read after the change was stored
  });

  it('shares one call between concurrent misses of the same query', async () => {
    const { cache } = cacheWith();
    const load = loader(() => listReply(1));
    await Promise.all(Array.from({ length: 50 }, () => cache.list(query(), load)));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops everything when NATS reconnects (broadcasts may have been missed)', async () => {
    const { cache, reconnect } = cacheWith();
    const load = loader(() => listReply(1));
    const trades = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    await cache.list(query(), load);
    await cache.trades('user-a', TRACE, {}, trades);
    await reconnect();
    await cache.list(query(), load);
    await cache.trades('user-a', TRACE, {}, trades);
    expect(load).toHaveBeenCalledTimes(2);
    expect(trades).toHaveBeenCalledTimes(2);
  });
});

describe("ReadCache, traces reads: a trace's trades and page, by the viewer's access", () => {
  it('answers a user again from the cache, per parameters; the owner realtime read is never cached', async () => {
    const { cache } = cacheWith();
    const load = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    expect(await cache.trades('user-a', TRACE, { limit: 50 }, load)).toEqual([trade('t1')]);
    await cache.trades('user-a', TRACE, { limit: 50 }, load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.trades('user-a', TRACE, { limit: 20, status: 'closed' }, load);
    expect(load).toHaveBeenCalledTimes(2);
    await cache.trades('user-a', TRACE, { limit: 50, includeRealtimeData: true }, load);
    await cache.trades('user-a', TRACE, { limit: 50, includeRealtimeData: true }, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("never answers one user with another's access: each user's first read asks the service", async () => {
    const { cache } = cacheWith();
    const premium = loader((): ListTradesRpcReply => ({ trades: [trade('vip-excluded')], viewer: viewer() }));
    const free = loader((): ListTradesRpcReply => ({ trades: [trade('free-only')], viewer: viewer({ tier: 'free' }) }));
    await cache.trades('user-a', TRACE, {}, premium);
    expect(await cache.trades('user-b', TRACE, {}, free)).toEqual([trade('free-only')]);
    expect(await cache.trades('user-b', TRACE, {}, free)).toEqual([trade('free-only')]);
    expect(await cache.trades('user-a', TRACE, {}, premium)).toEqual([trade('vip-excluded')]);
    expect(premium).toHaveBeenCalledTimes(1);
    expect(free).toHaveBeenCalledTimes(1);
  });

  it("gives the trace page from the answer of the same access, with the user's own viewer block", async () => {
    const { cache } = cacheWith();
    const subscriberA = loader(() => traceReply(viewer({ tier: 'basic' }), ['public', 'subscribers only']));
    const subscriberB = loader(() => traceReply(viewer({ tier: 'vip' }), ['public', 'subscribers only']));
    const outsider = loader(() => traceReply(NO_ACCESS, ['public']));
    await cache.trace('user-a', TRACE, subscriberA);
    await cache.trace('user-b', TRACE, subscriberB);
    await cache.trace('user-c', TRACE, outsider);
    const [a, b, c] = await Promise.all([
      cache.trace('user-a', TRACE, subscriberA),
      cache.trace('user-b', TRACE, subscriberB),
      cache.trace('user-c', TRACE, outsider),
    ]);
    expect([a.viewer.tier, b.viewer.tier, c.viewer.hasAccess]).toEqual(['basic', 'vip', false]);
    expect(c.posts).toEqual([{ title: 'public' }]);
    expect(a.posts).toHaveLength(2);
    expect([subscriberA, subscriberB, outsider].map((load) => load.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it("answers the service's trace exactly, from the cache too (the viewer block put back last)", async () => {
    const { cache } = cacheWith();
    const reply = traceReply(viewer({ tier: 'vip' }), ['public', 'subscribers only']);
    const load = loader(() => reply);
    expect(await cache.trace('user-a', TRACE, load)).toEqual(reply.trace);
    const cached = await cache.trace('user-a', TRACE, load);
    expect(cached).toEqual(reply.trace);
    expect(Object.keys(cached)).toEqual(Object.keys(reply.trace));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a trace page read tells the access: the trades of that access then come from the cache', async () => {
    const { cache } = cacheWith();
    const tradesA = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    await cache.trades('user-a', TRACE, {}, tradesA);
    const tradesB = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    await cache.trace(
      'user-b',
      TRACE,
      loader(() => traceReply(viewer(), [])),
    );
    expect(await cache.trades('user-b', TRACE, {}, tradesB)).toEqual([trade('t1')]);
    expect(tradesB).not.toHaveBeenCalled();
  });

  it('a user without access always asks the service for trades (its 403 is never cached)', async () => {
    const { cache } = cacheWith();
    await cache.trace(
      'user-c',
      TRACE,
      loader(() => traceReply(NO_ACCESS, [])),
    );
    const forbidden = jest.fn().mockRejectedValue(Object.assign(new Error('Subscription required'), { status: 403 }));
    await expect(cache.trades('user-c', TRACE, {}, forbidden)).rejects.toThrow('Subscription required');
    await expect(cache.trades('user-c', TRACE, {}, forbidden)).rejects.toThrow('Subscription required');
    expect(forbidden).toHaveBeenCalledTimes(2);
  });

  it("an announced change of the trace (unsubscribe) drops its answers and its users' access at once", async () => {
    const { cache, broadcast } = cacheWith();
    let subscribed = true;
    const load = jest.fn(async (): Promise<ListTradesRpcReply> => {
      if (!subscribed) throw Object.assign(new Error('Subscription required'), { status: 403 });
      return { trades: [trade('t1')], viewer: viewer() };
    });
    await cache.trades('user-a', TRACE, {}, load);
    await cache.trades('user-a', TRACE, {}, load);
    expect(load).toHaveBeenCalledTimes(1);
    subscribed = false;
    broadcast({ traceId: TRACE });
    await expect(cache.trades('user-a', TRACE, {}, load)).rejects.toThrow('Subscription required');
  });

  it("a change of another trace keeps this trace's answers; a change of every trace (no id) drops them", async () => {
    const { cache, broadcast } = cacheWith();
    const load = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    await cache.trades('user-a', TRACE, {}, load);
    broadcast({ traceId: OTHER_TRACE });
    await cache.trades('user-a', TRACE, {}, load);
    expect(load).toHaveBeenCalledTimes(1);
    broadcast({});
    await cache.trades('user-a', TRACE, {}, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a change names the trace in any letter case (a UUID is case-insensitive): it drops the answers all the same', async () => {
    const { cache, broadcast } = cacheWith();
    const trace = 'abcdef12-3456-4abc-8def-abcdef123456';
    const page = loader(() => traceReply(viewer(), []));
    const trades = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    // Read by URLs spelled in capitals; the subscription's body (or the service's own id) spells it in lower case.
    await cache.trace('user-a', trace.toUpperCase(), page);
    await cache.trades('user-a', trace.toUpperCase(), {}, trades);
    broadcast({ traceId: trace });
    await cache.trace('user-a', trace.toUpperCase(), page);
    await cache.trades('user-a', trace.toUpperCase(), {}, trades);
    expect([page.mock.calls.length, trades.mock.calls.length]).toEqual([2, 2]);
    // And the other way round, on the replica that answered the change.
    await cache.trace('user-a', trace, page);
    cache.dropTrace(trace.toUpperCase());
    await cache.trace('user-a', trace, page);
    expect(page).toHaveBeenCalledTimes(4);
  });

  it('the replica that answered a subscription change drops the trace itself (dropTrace)', async () => {
    const { cache } = cacheWith();
    const load = loader(() => traceReply(viewer(), []));
    await cache.trace('user-a', TRACE, load);
    cache.dropTrace(TRACE);
    await cache.trace('user-a', TRACE, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('ReadCache, traces reads: the fast path by URL (CachedReadsInterceptor)', () => {
  const tradesUrl = `/api/traces/${TRACE}/trades?limit=20`;

  it('knows a URL only once it went through the handler (validated); then answers it like the handler', async () => {
    const { cache } = cacheWith();
    expect(await cache.cached('user-a', '/api/traces?search=x')).toBeUndefined();
    await cache.list(
      query({ search: 'x' }),
      loader(() => listReply(3)),
      '/api/traces?search=x',
    );
    expect(await cache.cached('user-b', '/api/traces?search=x')).toMatchObject({
      success: true,
      traces: [{ id: TRACE }],
    });
    expect(await cache.cached('user-b', '/api/traces?search=y')).toBeUndefined();
  });

  it("follows the user's own access: another user, or the same after a change, goes to the handler", async () => {
    const { cache, broadcast } = cacheWith();
    const load = loader((): ListTradesRpcReply => ({ trades: [trade('t1')], viewer: viewer() }));
    await cache.trades('user-a', TRACE, { limit: 20 }, load, tradesUrl);
    expect((await cache.cached('user-a', tradesUrl))?.trades).toEqual([trade('t1')]);
    expect(await cache.cached('user-b', tradesUrl)).toBeUndefined();
    broadcast({ traceId: TRACE });
    expect(await cache.cached('user-a', tradesUrl)).toBeUndefined();
    expect(await cache.cached('user-a', '/api/traces')).toBeUndefined();
  });

  it("gives the trace page with the asking user's viewer block", async () => {
    const { cache } = cacheWith();
    const url = `/api/traces/${TRACE}`;
    await cache.trace(
      'user-a',
      TRACE,
      loader(() => traceReply(viewer({ tier: 'basic' }), ['p'])),
      url,
    );
    await cache.trace(
      'user-b',
      TRACE,
      loader(() => traceReply(viewer({ tier: 'vip' }), ['p'])),
      url,
    );
    expect((await cache.cached('user-a', url))?.trace?.viewer.tier).toBe('basic');
    expect((await cache.cached('user-b', url))?.trace?.viewer.tier).toBe('vip');
  });
});
