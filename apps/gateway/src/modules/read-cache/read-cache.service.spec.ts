import { ReadCacheTags, TracesChangedSubject, type ReadCacheMeta } from '@copytrade/contracts';
import type { Request, Response } from 'express';
import { settleInboundMessages } from '@copytrade/nest';
import type { LiveEvent } from '../live-events/live-event';
import type { LiveEventsHub } from '../live-events/live-events.hub';
import { fakeNats } from '../../../test/support/fake-nats';
import { LiveReadsUserChangedSubject, ReadCacheInvalidation } from './read-cache-invalidation.service';
import { ReadCache, type CachedAnswer } from './read-cache.service';

const ALICE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BOB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const TRADE = '11111111-1111-4111-8111-111111111111';
const OTHER_TRADE = '22222222-2222-4222-8222-222222222222';
const FEED = '/api/trading-terminal/live-positions';
const COPIES = '/api/copy-trades/my-copies';
const SUBJECTS = {
  'live-positions': 'rpc.copy-engine.live-positions.list',
  'my-copies': 'rpc.copy-engine.my-copies.list',
};
type LiveRead = keyof typeof SUBJECTS;
interface LiveReadContents {
  tradeIds: Iterable<string>;
  timeSensitive: boolean;
}

/**
 * ReadCache on fake core NATS (fakeNats) and a hub that hands events to its listeners, read as the trading terminal
 * and my-copies controllers read it, with replies carrying the copy engine's metadata (its live-reads-cache.ts: the
 * user's own answer, tagged by the user, traces for the feed and each trade it shows; fresh `ttlMs` when it shows
 * what ages by the clock, `unquotedTtlMs` otherwise; stale `staleMs`).
 */
function harness(ttlMs = 5_000, staleMs = 0, refreshConcurrency = 4, unquotedTtlMs = 0) {
  const bus = fakeNats(TracesChangedSubject);
  const listeners = new Set<(event: LiveEvent) => void>();
  const hub = {
    onEvent: (listener: (event: LiveEvent) => void) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  const store = new ReadCache({
    maxEntries: 20_000,
    refreshConcurrency,
    limitOf: (subject) =>
      subject.startsWith('rpc.copy-engine.') && ttlMs > 0
        ? { freshMs: Math.max(ttlMs, unquotedTtlMs), staleMs }
        : undefined,
  });
  const invalidation = new ReadCacheInvalidation(store, bus.nats, hub as unknown as LiveEventsHub);
  invalidation.onModuleInit();
  const meta = (userId: string, read: LiveRead, contents: LiveReadContents): ReadCacheMeta => {
    const tags = [ReadCacheTags.user(userId)];
    if (read === 'live-positions') tags.push(ReadCacheTags.traces, ...[...contents.tradeIds].map(ReadCacheTags.trade));
    const freshForMs = contents.timeSensitive ? ttlMs : Math.max(unquotedTtlMs, ttlMs);
    return { scope: 'user', tags, freshForMs, staleForMs: staleMs };
  };
  const cache = {
    read: async <T>(
      userId: string,
      read: LiveRead,
      url: string,
      load: () => Promise<T>,
      contentsOf: (body: T) => LiveReadContents = () => ({ tradeIds: [], timeSensitive: true }),
    ): Promise<string> => (await cache.answer(userId, read, url, load, contentsOf)).json,
    answer: <T>(
      userId: string,
      read: LiveRead,
      url: string,
      load: () => Promise<T>,
      contentsOf: (body: T) => LiveReadContents = () => ({ tradeIds: [], timeSensitive: true }),
    ): Promise<CachedAnswer> =>
      store.read(
        { subject: SUBJECTS[read], userId, params: url },
        async () => {
          const body = await load();
          return { ...body, cache: meta(userId, read, contentsOf(body)) };
        },
        (body) => body,
      ),
    dropUser: (userId: string) => invalidation.local([ReadCacheTags.user(userId)]),
    userWrote: (userId: string) => invalidation.userWrote(userId),
    setETag: (request: Request, response: Response, answer: CachedAnswer) => store.send(request, response, answer),
  };
  let calls = 0;
  /** A read whose load counts its calls and answers the call number (and the trades the feed shows). */
  const read = (userId: string, kind: LiveRead, url: string, trades = [TRADE]) =>
    cache
      .read(
        userId,
        kind,
        url,
        async () => ({ call: ++calls, positions: trades.map((id) => ({ id })) }),
        (body) => ({ tradeIds: body.positions.map((position) => position.id), timeSensitive: true }),
      )
      .then((json) => (JSON.parse(json) as { call: number }).call);
  const event = (type: LiveEvent['message']['type'], audience: LiveEvent['audience'], data = {}) => {
    for (const listener of listeners) listener({ seq: 1, storedAt: Date.now(), audience, message: { type, data } });
  };
  return {
    cache,
    read,
    event,
    broadcast: () => bus.broadcast({ traceId: TRADE }),
    reconnect: bus.reconnect,
    calls: () => calls,
    bus,
  };
}

describe('ReadCache, live reads (live-positions, my-copies)', () => {
  it('answers a user again from memory, per user and URL, never one user with another’s answer', async () => {
    const { read, calls } = harness();
    expect(await read(ALICE, 'live-positions', FEED)).toBe(1);
    expect(await read(ALICE, 'live-positions', FEED)).toBe(1);
    expect(await read(BOB, 'live-positions', FEED)).toBe(2);
    expect(await read(ALICE, 'my-copies', COPIES)).toBe(3);
    expect(await read(ALICE, 'my-copies', `${COPIES}?status=open`)).toBe(4);
    expect(calls()).toBe(4);
  });

  it('concurrent misses of one key share one call', async () => {
    const { read, calls } = harness();
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(ALICE, 'live-positions', FEED)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(calls()).toBe(1);
  });

  it("the user's own write drops only that user's answers, and a read it overtook is not kept", async () => {
    const { cache, read } = harness();
    await read(ALICE, 'live-positions', FEED);
    await read(ALICE, 'my-copies', COPIES);
    await read(BOB, 'live-positions', FEED);
    cache.dropUser(ALICE);
    expect(await read(ALICE, 'live-positions', FEED)).toBe(4);
    expect(await read(ALICE, 'my-copies', COPIES)).toBe(5);
    expect(await read(BOB, 'live-positions', FEED)).toBe(3);

    // A read in flight when the write is answered may hold the old state: given to its caller, never kept.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    cache.dropUser(ALICE);
    const slow = cache.read(ALICE, 'live-positions', FEED, async () => (await gate, { positions: [], old: true }));
    cache.dropUser(ALICE);
    release();
    expect(JSON.parse(await slow)).toEqual({ positions: [], old: true });
    expect(await read(ALICE, 'live-positions', FEED)).toBe(6);
  });

  it("a copy event drops its user's answers and every feed showing that trade; a trade event every feed", async () => {
    const { read, event } = harness();
    await read(ALICE, 'live-positions', FEED, [TRADE]); // 1
    await read(ALICE, 'my-copies', COPIES); // 2
    await read(BOB, 'live-positions', FEED, [TRADE]); // 3
    await read(BOB, 'my-copies', COPIES); // 4
    event('copy.opened', { kind: 'users', userIds: [ALICE] }, { originalTradeId: TRADE });
    expect(await read(ALICE, 'my-copies', COPIES)).toBe(5);
    expect(await read(BOB, 'live-positions', FEED)).toBe(6); // its counts changed
    expect(await read(BOB, 'my-copies', COPIES)).toBe(4);

    event('copy.closed', { kind: 'users', userIds: [ALICE] }, { originalTradeId: OTHER_TRADE });
    expect(await read(BOB, 'live-positions', FEED)).toBe(6); // shows another trade only
    event('order.filled', { kind: 'users', userIds: [BOB] });
    expect(await read(BOB, 'my-copies', COPIES)).toBe(7);

    event('trade.shared', { kind: 'trade', tradeId: OTHER_TRADE, ownerUserId: null, isShared: true });
    expect(await read(BOB, 'live-positions', FEED)).toBe(8);
    expect(await read(BOB, 'my-copies', COPIES)).toBe(7);
  });

  it("a write through another replica (its broadcast) drops the user's answers; a write here tells the others", async () => {
    const { cache, read, bus } = harness();
    await read(ALICE, 'live-positions', FEED); // 1
    await read(BOB, 'live-positions', FEED); // 2
    bus.publishTo(LiveReadsUserChangedSubject, { userId: ALICE });
    expect(await read(ALICE, 'live-positions', FEED)).toBe(3);
    expect(await read(BOB, 'live-positions', FEED)).toBe(2);
    cache.userWrote(BOB);
    expect(bus.published).toEqual([{ subject: LiveReadsUserChangedSubject, payload: { userId: BOB } }]);
    expect(await read(BOB, 'live-positions', FEED)).toBe(4);
  });

  it("sets Express's ETag of a cached body, worked out once per body", async () => {
    const { cache } = harness();
    const etagOf = jest.fn((body: string) => `W/"${body.length}"`);
    const request = { app: { get: () => etagOf } } as unknown as Request;
    const headers: Array<[string, string]> = [];
    const response = { setHeader: (name: string, value: string) => headers.push([name, value]) } as unknown as Response;
    const answer = await cache.answer(ALICE, 'live-positions', FEED, async () => ({ positions: [] }));
    const json = answer.json;
    cache.setETag(request, response, answer);
    cache.setETag(request, response, await cache.answer(ALICE, 'live-positions', FEED, async () => ({ other: 1 })));
    expect(headers).toEqual([
      ['ETag', `W/"${json.length}"`],
      ['ETag', `W/"${json.length}"`],
    ]);
    expect(etagOf).toHaveBeenCalledTimes(1);
  });

  it('TracesChanged drops every feed; a reconnect everything', async () => {
    const { read, broadcast, reconnect } = harness();
    await read(ALICE, 'live-positions', FEED); // 1
    await read(ALICE, 'my-copies', COPIES); // 2
    broadcast();
    expect(await read(ALICE, 'live-positions', FEED)).toBe(3);
    expect(await read(ALICE, 'my-copies', COPIES)).toBe(2);
    await reconnect();
    expect(await read(ALICE, 'my-copies', COPIES)).toBe(4);
  });

  it('keeps answers for the TTL at most; 0 turns it off; errors are not kept', async () => {
    const short = harness(50);
    await short.read(ALICE, 'live-positions', FEED);
    expect(await short.read(ALICE, 'live-positions', FEED)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await short.read(ALICE, 'live-positions', FEED)).toBe(2);
    // Past its TTL, within the stale window: answered at once, refreshed by one call in the background.
    const stale = harness(50, 5_000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let refreshes = 0;
    const slowLoad = async () => (refreshes++, await gate, { positions: [], refreshed: refreshes });
    expect(await stale.read(ALICE, 'live-positions', FEED)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const first = await stale.cache.read(ALICE, 'live-positions', FEED, slowLoad);
    const second = await stale.cache.read(ALICE, 'live-positions', FEED, slowLoad);
    expect([JSON.parse(first).call, JSON.parse(second).call]).toEqual([1, 1]);
    expect(refreshes).toBe(1);
    release();
    await settleInboundMessages();
    expect(JSON.parse(await stale.cache.read(ALICE, 'live-positions', FEED, slowLoad))).toEqual({
      positions: [],
      refreshed: 1,
    });
    // ... but a drop deletes it: never the stale answer after the user's own write.
    stale.cache.dropUser(ALICE);
    expect(await stale.read(ALICE, 'live-positions', FEED)).toBe(2);
    const off = harness(0);
    await off.read(ALICE, 'live-positions', FEED);
    expect(await off.read(ALICE, 'live-positions', FEED)).toBe(2);
    const { cache, read } = harness();
    await expect(
      cache.read(ALICE, 'live-positions', FEED, () => Promise.reject(new Error('copy engine down'))),
    ).rejects.toThrow('copy engine down');
    expect(await read(ALICE, 'live-positions', FEED)).toBe(1);
  });

  it('answers stored together go stale at different moments: each is fresh between 3/4 of the TTL and all of it', async () => {
    const random = jest.spyOn(Math, 'random');
    try {
      const { read } = harness(2_000, 5_000);
      random.mockReturnValue(0); // fresh for 1,500 ms
      expect(await read(ALICE, 'my-copies', COPIES)).toBe(1);
      random.mockReturnValue(0.999); // fresh for ~2,000 ms
      expect(await read(BOB, 'my-copies', COPIES)).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_750));
      // Alice's answer is stale (given once more while it is refreshed); Bob's is still fresh.
      expect(await read(ALICE, 'my-copies', COPIES)).toBe(1);
      expect(await read(BOB, 'my-copies', COPIES)).toBe(2);
      await settleInboundMessages();
      expect(await read(ALICE, 'my-copies', COPIES)).toBe(3);
      expect(await read(BOB, 'my-copies', COPIES)).toBe(2);
    } finally {
      random.mockRestore();
    }
  });

  it('runs at most LIVE_READS_CACHE_REFRESH_CONCURRENCY background refreshes; the others are given stale meanwhile', async () => {
    const { cache, read } = harness(20, 5_000, 2);
    const users = [ALICE, BOB, TRADE, OTHER_TRADE];
    for (const user of users) await read(user, 'my-copies', COPIES);
    await new Promise((resolve) => setTimeout(resolve, 40));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const slowLoad = (user: string) => async () => (started.push(user), await gate, { call: `refreshed ${user}` });
    const stale = async (user: string) =>
      JSON.parse(await cache.read(user, 'my-copies', COPIES, slowLoad(user))) as { call: unknown };
    // Four stale answers read: each is given at once; two refreshes start, the other two wait for a later read.
    expect((await Promise.all(users.map(stale))).map((body) => body.call)).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([ALICE, BOB]);
    release();
    await settleInboundMessages();
    expect((await stale(ALICE)).call).toBe(`refreshed ${ALICE}`);
    expect((await stale(TRADE)).call).toBe(3);
    await settleInboundMessages();
    expect((await stale(TRADE)).call).toBe(`refreshed ${TRADE}`);
  });

  it('keeps an answer that shows nothing time-sensitive for LIVE_READS_CACHE_UNQUOTED_TTL_MS, dropped as any other', async () => {
    const { cache, event } = harness(30, 0, 4, 5_000);
    let calls = 0;
    const read = (userId: string, timeSensitive: boolean) =>
      cache
        .read(
          userId,
          'live-positions',
          FEED,
          async () => ({ call: ++calls }),
          () => ({ tradeIds: [TRADE], timeSensitive }),
        )
        .then((json) => (JSON.parse(json) as { call: number }).call);
    expect(await read(ALICE, false)).toBe(1);
    expect(await read(BOB, true)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await read(ALICE, false)).toBe(1); // still fresh
    expect(await read(BOB, true)).toBe(3); // past the TTL (no stale window here): read again
    event('trade.shared', { kind: 'trade', tradeId: TRADE, ownerUserId: BOB, isShared: true });
    expect(await read(ALICE, false)).toBe(4);
  });
});
