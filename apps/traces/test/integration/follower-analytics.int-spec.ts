import { randomUUID } from 'node:crypto';
import {
  FOLLOWER_RESULTS_MIN_COPIES,
  FOLLOWER_RESULTS_WINDOWS,
  OWNER_ANALYTICS_TRADES_MAX,
  OwnerSubscribersQueryDto,
  TracesMessages,
  type CopyOpenedV1,
  type FollowerResultsFigures,
  type FollowerResultsWeek,
  type ListTracesQueryDto,
  type TraceFollowerResults,
} from '@copytrade/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { DataSource } from 'typeorm';
import { GetTraceUseCase } from '../../src/modules/discovery/use-cases/get-trace.use-case';
import { ListTracesUseCase } from '../../src/modules/discovery/use-cases/list-traces.use-case';
import { storeFollowerResults } from '../../src/modules/follower-results/follower-results.store';
import type { IdentityUsers } from '../../src/modules/identity-users/identity-users';
import {
  lastWeekStarts,
  OwnerFollowerAnalyticsUseCase,
  subscribersWeekly,
} from '../../src/modules/owner-profile/use-cases/owner-follower-analytics.use-case';
import {
  OwnerSubscribersCursor,
  OwnerSubscribersUseCase,
} from '../../src/modules/owner-profile/use-cases/owner-subscribers.use-case';
import { countOpenedCopies } from '../../src/modules/copy-counts/copy-counts.store';
import { call, followedTrace, outcomeWithMessage as outcome, useTracesTestEnv } from '../support/traces-test-env';

/**
 * What traces shows of the follower results and copies it keeps, on real PostgreSQL with the real migrations: the
 * trace page's full and public views, the discovery cards and the `followers` sort, the owner's Analytics (subscribers
 * per week, copies per trade) and Subscribers (keyset pages, cursor checks, copies, usernames), owner only.
 */
const env = useTracesTestEnv('traces_follower_analytics');
let dataSource: DataSource;
let getTrace: GetTraceUseCase;
let listTraces: ListTracesUseCase;
let analytics: OwnerFollowerAnalyticsUseCase;
let subscribers: OwnerSubscribersUseCase;

const usernames = new Map<string, string>();
let identityDown = false;
const identityUsers = {
  ownersOf: async (ids: string[]) =>
    identityDown
      ? new Map()
      : new Map(
          ids.filter((id) => usernames.has(id)).map((id) => [id, { id, username: usernames.get(id)!, email: null }]),
        ),
} as unknown as IdentityUsers;

beforeAll(() => {
  dataSource = env.dataSource;
  getTrace = new GetTraceUseCase(dataSource, identityUsers);
  listTraces = new ListTracesUseCase(dataSource);
  analytics = new OwnerFollowerAnalyticsUseCase(dataSource);
  subscribers = new OwnerSubscribersUseCase(dataSource, identityUsers);
});

const figures = (window: FollowerResultsFigures['window'], median: number | null): FollowerResultsFigures => ({
  window,
  followers: 12,
  copiesPlaced: 40,
  copiesSkipped: 2,
  copiesNotPlaced: 3,
  fillRate: 93.02,
  closedCopies: 20,
  followerReturnMedian: median,
  followerReturnP90: 30,
  traderReturnMedian: 9,
  delayMedianMs: 800,
  delayP95Ms: 2400,
  slippageMedian: 0.12,
  slippageP95: 0.9,
  autoCopiedShare: 50,
  sharedTrades: 8,
});
const week = (weekStart: string): FollowerResultsWeek => ({
  weekStart,
  copiesPlaced: 1,
  copiesNotPlaced: 0,
  followerReturnMedian: null,
  traderReturnMedian: null,
  slippageMedian: null,
});
const results = (traceId: string, median: number | null, weekStarts: string[] = []): TraceFollowerResults => ({
  traceId,
  computedAt: '2026-11-20T10:00:00.000Z',
  windows: FOLLOWER_RESULTS_WINDOWS.map((window) => figures(window, window === 'all' ? median : 1)),
  weekly: weekStarts.map(week),
});
const store = (version: number, data: TraceFollowerResults) =>
  dataSource.transaction((manager) => storeFollowerResults(manager, version, data));

async function newTrace(name = 'Followed') {
  const ownerId = randomUUID();
  const followed = await followedTrace(dataSource, { ownerUserId: ownerId, name, handlePrefix: 'fa' });
  return { ...followed, ownerId };
}

const opened = (copy: Partial<CopyOpenedV1> & Pick<CopyOpenedV1, 'originalTradeId' | 'userId' | 'traceId'>) =>
  ({ copyId: randomUUID(), openedAt: new Date().toISOString(), ...copy }) as CopyOpenedV1;
const countCopies = (copies: CopyOpenedV1[]) => dataSource.transaction((manager) => countOpenedCopies(manager, copies));

describe('the read model', () => {
  it('keeps the newest version only: an older one stores nothing', async () => {
    const { trace } = await newTrace();
    expect(await store(2, results(trace.id, 7.5))).toBe(true);
    expect(await store(1, results(trace.id, -3))).toBe(false);
    expect(await store(2, results(trace.id, -3))).toBe(false);
    const [row] = (await dataSource.query(
      `SELECT aggregate_version::int AS version, follower_return_median::float AS median
         FROM traces.trace_follower_results WHERE trace_id = $1`,
      [trace.id],
    )) as Array<{ version: number; median: number }>;
    expect(row).toEqual({ version: 2, median: 7.5 });
    expect(await store(3, results(trace.id, null))).toBe(true);
    const card = (await getTrace.execute(call(randomUUID(), { traceId: trace.id }))).trace;
    expect([card.followerReturnMedian, card.slippageMedian]).toEqual([null, 0.12]);
  });

  it('stores nothing for a trace traces does not have', async () => {
    expect(await store(1, results(randomUUID(), 1))).toBe(false);
  });
});

describe('the trace page', () => {
  it('the owner and a subscriber get every time frame; anyone else the all-time summary without tail figures', async () => {
    const { trace, ownerId, join } = await newTrace();
    const member = randomUUID();
    await join(member, 'basic');
    await store(1, results(trace.id, 4.25));

    for (const viewer of [ownerId, member]) {
      const { followerResults } = (await getTrace.execute(call(viewer, { traceId: trace.id }))).trace;
      expect(followerResults.summaryOnly).toBe(false);
      expect(followerResults.computedAt).toBe('2026-11-20T10:00:00.000Z');
      expect(followerResults.minCopies).toBe(FOLLOWER_RESULTS_MIN_COPIES);
      expect(followerResults.windows.map((entry) => entry.window)).toEqual(['30d', '90d', 'all']);
      expect(followerResults.windows[2]).toEqual(figures('all', 4.25));
    }

    const stranger = (await getTrace.execute(call(randomUUID(), { traceId: trace.id }))).trace;
    expect(stranger.followerResults).toEqual({
      summaryOnly: true,
      computedAt: '2026-11-20T10:00:00.000Z',
      minCopies: FOLLOWER_RESULTS_MIN_COPIES,
      windows: [{ ...figures('all', 4.25), followerReturnP90: null, delayP95Ms: null, slippageP95: null }],
    });
    expect([stranger.followerReturnMedian, stranger.slippageMedian]).toEqual([4.25, 0.12]);
  });

  it('nothing computed yet: no figures, computedAt null', async () => {
    const { trace, ownerId } = await newTrace();
    for (const viewer of [ownerId, randomUUID()]) {
      const page = (await getTrace.execute(call(viewer, { traceId: trace.id }))).trace;
      expect(page.followerResults).toMatchObject({ computedAt: null, windows: [] });
      expect([page.followerReturnMedian, page.slippageMedian]).toEqual([null, null]);
    }
  });
});

describe('discovery', () => {
  it('sortBy=followers: by the all-time median follower return, traces without one last, ties by id', async () => {
    const token = `srt${randomUUID().slice(0, 6)}`;
    const made = [];
    for (const [name, median] of [
      ['low', -2],
      ['none', undefined],
      ['high', 12.5],
      ['tooFew', null],
      ['tieA', 3],
      ['tieB', 3],
    ] as const) {
      const { trace } = await newTrace(`${token} ${name}`);
      if (median !== undefined) await store(1, results(trace.id, median));
      made.push({ name, id: trace.id });
    }
    const reply = await listTraces.execute({ search: token, sortBy: 'followers', limit: 50 } as ListTracesQueryDto);
    const names = reply.traces.map((trace) => trace.name.replace(`${token} `, ''));
    const [tieFirst, tieSecond] = made
      .filter((trace) => trace.name.startsWith('tie'))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((trace) => trace.name);
    const [lastFirst, lastSecond] = made
      .filter((trace) => trace.name === 'none' || trace.name === 'tooFew')
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((trace) => trace.name);
    expect(names).toEqual(['high', tieFirst, tieSecond, 'low', lastFirst, lastSecond]);
    expect(reply.traces.map((trace) => trace.followerReturnMedian)).toEqual([12.5, 3, 3, -2, null, null]);

    // Paged, the order holds across pages.
    const pages = [];
    for (let offset = 0; offset < 6; offset += 4)
      pages.push(
        ...(
          await listTraces.execute({ search: token, sortBy: 'followers', limit: 4, offset } as ListTracesQueryDto)
        ).traces.map((trace) => trace.name.replace(`${token} `, '')),
      );
    expect(pages).toEqual(names);

    // Another sort still shows each card's figures.
    const byReturn = await listTraces.execute({ search: token, sortBy: 'return' } as ListTracesQueryDto);
    expect(byReturn.traces.find((trace) => trace.name.endsWith(' high'))?.followerReturnMedian).toBe(12.5);
  });
});

describe("the owner's Analytics", () => {
  it('subscribersWeekly counts who was active at the end of each week', async () => {
    const { trace, join } = await newTrace();
    const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday
    const weeks = lastWeekStarts(now, 4);
    expect(weeks).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    const set = (userId: string, start: string, end: string | null) =>
      dataSource.query(
        `UPDATE traces.subscriptions SET created_at = $3, ended_at = $4, status = $5 WHERE trace_id = $1 AND user_id = $2`,
        [trace.id, userId, start, end, end ? 'ended' : 'active'],
      );
    const early = randomUUID();
    const leftWeek2 = randomUUID();
    const joinedWeek3 = randomUUID();
    const joinedNowWeek = randomUUID();
    for (const user of [early, leftWeek2, joinedWeek3, joinedNowWeek]) await join(user, 'basic');
    await set(early, '2026-10-01T00:00:00Z', null);
    await set(leftWeek2, '2026-10-15T00:00:00Z', '2026-11-12T00:00:00Z');
    await set(joinedWeek3, '2026-11-18T00:00:00Z', null);
    await set(joinedNowWeek, '2026-11-24T00:00:00Z', null);
    const counted = await subscribersWeekly(dataSource.manager, trace.id, weeks, now);
    expect(counted).toEqual([
      { weekStart: '2026-11-02', subscribers: 2 },
      { weekStart: '2026-11-09', subscribers: 1 },
      { weekStart: '2026-11-16', subscribers: 2 },
      { weekStart: '2026-11-23', subscribers: 3 },
    ]);
  });

  it("answers the read model's windows and weeks, subscribers of the same weeks and copies per trade", async () => {
    const { trace, ownerId, addTrade, join } = await newTrace();
    const member = randomUUID();
    await join(member, 'premium');
    const weekStarts = lastWeekStarts(new Date());
    await store(1, results(trace.id, 2, weekStarts));
    const trades = [];
    for (let index = 0; index < OWNER_ANALYTICS_TRADES_MAX + 2; index += 1)
      trades.push(await addTrade({ symbol: `S${index}`, sharedAt: new Date(Date.UTC(2026, 0, 1 + index)) }));
    await addTrade({ symbol: 'PRIVATE', isShared: false, requiredTier: null, sharedAt: new Date() });
    const newest = trades[trades.length - 1]!;
    await countCopies([
      opened({ originalTradeId: newest.id, userId: member, traceId: trace.id }),
      opened({ originalTradeId: newest.id, userId: randomUUID(), traceId: trace.id }),
    ]);

    const reply = await analytics.execute(call(ownerId, { traceId: trace.id }));
    expect(reply.computedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(reply.windows.map((entry) => entry.window)).toEqual(['30d', '90d', 'all']);
    expect(reply.weekly.map((entry) => entry.weekStart)).toEqual(weekStarts);
    expect(reply.subscribersWeekly.map((entry) => entry.weekStart)).toEqual(weekStarts);
    expect(reply.subscribersWeekly[weekStarts.length - 1]!.subscribers).toBe(1);
    expect(reply.subscribersWeekly[0]!.subscribers).toBe(0);
    expect(reply.copiesPerTrade).toHaveLength(OWNER_ANALYTICS_TRADES_MAX);
    expect(reply.copiesPerTrade[0]).toEqual({
      tradeId: newest.id,
      symbol: newest.symbol,
      sharedAt: newest.sharedAt!.toISOString(),
      copyCount: 2,
    });
    expect(reply.copiesPerTrade.map((entry) => entry.symbol)).not.toContain('PRIVATE');
    expect(reply.copiesPerTrade.slice(1).every((entry) => entry.copyCount === 0)).toBe(true);
  });

  it('nothing computed yet: empty figures, the last weeks of subscribers all the same', async () => {
    const { trace, ownerId } = await newTrace();
    const reply = await analytics.execute(call(ownerId, { traceId: trace.id }));
    expect(reply).toMatchObject({ computedAt: null, windows: [], weekly: [], copiesPerTrade: [] });
    expect(reply.subscribersWeekly.map((entry) => entry.weekStart)).toEqual(lastWeekStarts(new Date()));
  });

  it('is refused to anyone but the owner, an admin included; an unknown trace is 404', async () => {
    const { trace } = await newTrace();
    const stranger = randomUUID();
    expect(await outcome(analytics.execute(call(stranger, { traceId: trace.id })))).toBe(
      `403 NOT_TRACE_OWNER ${TracesMessages.notTraceOwner}`,
    );
    expect(await outcome(analytics.execute(call(stranger, { traceId: trace.id }, true)))).toMatch(/^403 /);
    expect(await outcome(subscribers.execute(call(stranger, { traceId: trace.id })))).toMatch(/^403 /);
    expect(await outcome(analytics.execute(call(stranger, { traceId: randomUUID() })))).toBe(
      `404 TRACE_NOT_FOUND ${TracesMessages.traceNotFound}`,
    );
  });
});

describe("the owner's Subscribers", () => {
  it('newest first in keyset pages, with tier, status, since, copies and usernames', async () => {
    const { trace, ownerId, join, addTrade } = await newTrace();
    const trade = await addTrade();
    const users: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const userId = randomUUID();
      usernames.set(userId, `sub_${index}`);
      await join(userId, index % 2 === 0 ? 'basic' : 'vip');
      users.push(userId);
    }
    // Two share one start to the microsecond: the id breaks the tie, no row is skipped or repeated.
    await dataSource.query(
      `UPDATE traces.subscriptions SET created_at = '2026-11-01T10:00:00.123456Z' WHERE trace_id = $1 AND user_id = ANY($2)`,
      [trace.id, [users[1], users[2]]],
    );
    await dataSource.query(
      `UPDATE traces.subscriptions SET status = 'ended', ended_at = now() WHERE trace_id = $1 AND user_id = $2`,
      [trace.id, users[3]],
    );
    await countCopies([
      opened({ originalTradeId: trade.id, userId: users[4]!, traceId: trace.id }),
      opened({ originalTradeId: (await addTrade({ symbol: 'MSFT' })).id, userId: users[4]!, traceId: trace.id }),
    ]);

    const seen = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await subscribers.execute(call(ownerId, { traceId: trace.id, limit: 2, cursor }));
      expect(page.subscribers.length).toBeLessThanOrEqual(2);
      seen.push(...page.subscribers);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((entry) => entry.userId).sort()).toEqual([...users].sort());
    const since = seen.map((entry) => entry.since);
    expect([...since].sort().reverse()).toEqual(since);
    const byUser = new Map(seen.map((entry) => [entry.userId, entry]));
    expect(byUser.get(users[4]!)).toMatchObject({ username: 'sub_4', tier: 'basic', status: 'active', copies: 2 });
    expect(byUser.get(users[3]!)).toMatchObject({ username: 'sub_3', tier: 'vip', status: 'ended', copies: 0 });
    expect(byUser.get(users[1]!)!.since).toBe('2026-11-01T10:00:00.123Z');

    identityDown = true;
    try {
      const page = await subscribers.execute(call(ownerId, { traceId: trace.id }));
      expect(page.subscribers).toHaveLength(5);
      expect(page.subscribers.every((entry) => entry.username === null)).toBe(true);
      expect(page.nextCursor).toBeNull();
    } finally {
      identityDown = false;
    }
  });

  it('a cursor it did not hand out is a 400; a bad limit is refused before it reaches traces', async () => {
    const { trace, ownerId } = await newTrace();
    const forged = [
      'not-a-cursor',
      Buffer.from('12.nope').toString('base64url'),
      Buffer.from(`${'9'.repeat(19)}.${randomUUID()}`).toString('base64url'),
    ];
    for (const cursor of forged)
      expect(await outcome(subscribers.execute(call(ownerId, { traceId: trace.id, cursor })))).toBe(
        '400 VALIDATION_FAILED cursor is not valid',
      );
    const good = OwnerSubscribersCursor.encode({ createdMicros: '1795000000000000', id: randomUUID() });
    expect(await outcome(subscribers.execute(call(ownerId, { traceId: trace.id, cursor: good })))).toBe('ok');

    const errors = async (query: Record<string, unknown>) =>
      (await validate(plainToInstance(OwnerSubscribersQueryDto, query))).flatMap((error) =>
        Object.values(error.constraints ?? {}),
      );
    expect(await errors({ limit: '0' })).toEqual(['limit must be between 1 and 100']);
    expect(await errors({ limit: '101' })).toEqual(['limit must be between 1 and 100']);
    expect(await errors({ limit: 'ten' })).toContain('limit must be a whole number');
    expect(await errors({ cursor: 'a b' })).toEqual(['cursor is not valid']);
    expect(await errors({ limit: '20', cursor: good })).toEqual([]);
  });
});
