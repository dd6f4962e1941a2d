import { randomUUID } from 'node:crypto';
import { FOLLOWER_RESULTS_MIN_COPIES } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import type { Client } from 'pg';
import { copySharedTrade, shareTradeWithSubscriber, type SharedTrade } from '../src/support/shared-trade';
import { ApiSession } from '../src/support/api-session';
import { TEST_ADMIN, useTestPlatform } from '../src/support/test-platform';

/**
 * Follower results through the gateway (docs/follower-results.md), computed by the running copy engine and kept by
 * traces: a basic subscriber copies the demo's shared MSFT trade, and the trace page then counts the copy (the full
 * view for the subscriber, the all-time summary for a stranger; one copy is too few for any percentage). Two more
 * traces get closed copies of their own (seeded as the copy engine's rows: +5 % and −3 % for the followers), and
 * discovery's `followers` sort orders them by that median, traces without one after them; each card carries it.
 */
const suite = useTestPlatform('follower-results');
let shared: SharedTrade;

beforeAll(async () => {
  shared = await shareTradeWithSubscriber(suite, {
    trace: { name: 'follower_results_source', handle: 'follower_results_source' },
    orderPrefix: 'follower-results-src',
    usersLabel: 'resultscopier',
  });
}, 120_000);

interface Figures {
  window: string;
  copiesPlaced: number;
  followers: number;
  followerReturnMedian: number | null;
  followerReturnP90: number | null;
  slippageMedian: number | null;
}
const allTime = (trace: { followerResults: { windows: Figures[] } }) =>
  trace.followerResults.windows.find((figures) => figures.window === 'all');

it('a copy counts in the trace page’s follower results: every time frame for a subscriber, a summary for others', async () => {
  const { subscriber, stranger, traceId } = shared;
  const copied = await copySharedTrade(shared, `results-${randomUUID()}`);
  expect([copied.status, copied.body.status]).toEqual([200, 'filled']);

  await expectEventually(
    async () => {
      const page = await subscriber.api.get(`/api/traces/${traceId}`).expect(200);
      expect(page.body.trace.followerResults.summaryOnly).toBe(false);
      expect(page.body.trace.followerResults.windows.map((figures: Figures) => figures.window)).toEqual([
        '30d',
        '90d',
        'all',
      ]);
      expect(allTime(page.body.trace)).toMatchObject({ copiesPlaced: 1, followers: 1, followerReturnMedian: null });
    },
    { timeoutMs: 10_000 },
  );
  const summary = await stranger.api.get(`/api/traces/${traceId}`).expect(200);
  expect(summary.body.trace.followerResults).toMatchObject({
    summaryOnly: true,
    minCopies: FOLLOWER_RESULTS_MIN_COPIES,
  });
  expect(summary.body.trace.followerResults.windows).toHaveLength(1);
  expect(allTime(summary.body.trace)).toMatchObject({ copiesPlaced: 1, followerReturnP90: null });
});

/** A trace the admin creates for the demo user (no trades of its own: its copies are seeded below). */
async function adminCreatesTrace(name: string): Promise<string> {
  const admin = new ApiSession(suite.platform.url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id as string;
  const created = await admin.post('/api/admin/create-trace', {
    userId: adminId,
    name,
    handle: name,
    ownerId: shared.demoId,
  });
  expect(created.status).toBe(200);
  return created.body.trace.id as string;
}

/**
 * `count` closed copies of one trade of the trace, as the copy engine records them: bought at 100.10 against the
 * trader's 100 (slippage +0.1 %), sold at `exit`; the trader closed at `exit` too.
 */
async function closedCopies(db: Client, traceId: string, count: number, exit: number): Promise<void> {
  const tradeId = randomUUID();
  await db.query(
    `INSERT INTO copy_engine.shared_trades (trade_id, trace_id, shared_at) VALUES ($1, $2, now() - interval '1 day')`,
    [tradeId, traceId],
  );
  await db.query(
    `INSERT INTO copy_engine.trader_closes (trade_id, trace_id, exit_price, closed_at) VALUES ($1, $2, $3, now())`,
    [tradeId, traceId, exit],
  );
  await db.query(
    `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
        trader_user_id, trace_name, trace_handle, placement, status, symbol, side, quantity_requested,
        quantity_filled, entry_price, exit_price, brokerage_account_id, trader_price, trader_shared_at, filled_at,
        closed_at, origin, created_at)
     SELECT gen_random_uuid(), 'seeded-' || n, 'hash', $1, $2, gen_random_uuid(), 'Seeded', '@seeded', 'automatic',
            'CLOSED', 'AAPL', 'buy', 1, 1, 100.10, $3, 'acct', 100, now() - interval '1 day',
            now() - interval '1 day' + interval '2 seconds', now(), 'shared', now() - interval '1 day'
       FROM generate_series(1, $4::int) AS n`,
    [tradeId, traceId, exit, count],
  );
}

it('discovery sorts by the median follower return, traces without one last, and each card carries it', async () => {
  const { stranger } = shared;
  const better = await adminCreatesTrace('results_better');
  const worse = await adminCreatesTrace('results_worse');
  await closedCopies(suite.db, worse, FOLLOWER_RESULTS_MIN_COPIES, 97.097);
  await closedCopies(suite.db, better, FOLLOWER_RESULTS_MIN_COPIES + 2, 105.105);

  await expectEventually(
    async () => {
      const sorted = await stranger.api.get('/api/traces?sortBy=followers&limit=50').expect(200);
      const traces = sorted.body.traces as Array<{
        id: string;
        followerReturnMedian: number | null;
        slippageMedian: number | null;
      }>;
      expect(traces.slice(0, 2).map((trace) => trace.id)).toEqual([better, worse]);
      expect(traces[0]).toMatchObject({ followerReturnMedian: 5, slippageMedian: 0.1 });
      expect(traces[1]).toMatchObject({ followerReturnMedian: -3, slippageMedian: 0.1 });
      expect(traces.slice(2).every((trace) => trace.followerReturnMedian === null)).toBe(true);
    },
    { timeoutMs: 15_000 },
  );
});
