import { randomUUID } from 'node:crypto';
import { CopyTradeErrorCode, CopyTradeMessages, SubscriptionStarted, type TierName } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { autoCopyRequestId } from '../../src/modules/auto-copy/auto-copy-fanout.handler';
import { findCopyById } from '../../src/modules/copies/copy-instances.store';
import { toCopyInstanceView } from '../../src/modules/copies/copy-instance.mapper';
import { pauseTraceAutoCopy } from '../../src/modules/copy-guards/copy-guards.store';
import { TraceGuardsUseCase } from '../../src/modules/copy-guards/trace-guards.use-case';
import { openPositionRequestId } from '../../src/modules/open-positions/open-positions.copier';
import {
  OPEN_POSITIONS_ON_RESUME_DURABLE,
  OPEN_POSITIONS_ON_SUBSCRIBE_DURABLE,
  OpenPositionsHandler,
} from '../../src/modules/open-positions/open-positions.handler';
import { publishTradeShared, republish, sharedTrade, world } from '../support/auto-copy-world';
import { useCopyEngineSuite } from '../support/copy-engine-suite';
import { copyFailuresOf, failedCopyOf } from '../support/copy-failures';
import { openTrades, OpenPositionsStandInsModule, publishSubscriptionStarted } from '../support/open-positions-world';
import { devSignedActor } from '@copytrade/nest';

/**
 * Copy open positions through the real copy engine (its app module: the SubscriptionStarted and AutoCopyResumed
 * consumers on JetStream, the automatic placement workers, the copy-guards resume) on real PostgreSQL with the real
 * migrations and a private nats-server, with stand-ins for traces' copyable open trades and the brokerage (which
 * counts the orders it really placed). A follower who asked for it gets one copy per open trade their tier may copy
 * when they subscribe or resume a paused trace — none otherwise, none twice.
 */
jest.setTimeout(90_000);

const ENV = {
  COPY_BROKERAGE_LEASE_MS: '1000',
  AUTO_COPY_POLL_MS: '200',
  AUTO_COPY_LEASE_MS: '3000',
  AUTO_COPY_BATCH_TIMEOUT_MS: '1000',
  AUTO_COPY_RETRY_MS: '200',
};

const suite = useCopyEngineSuite('copy_engine_open_positions', OpenPositionsStandInsModule, ENV);

beforeEach(() => {
  world.reset();
  openTrades.reset();
});

interface CopyRow {
  original_trade_id: string;
  request_id: string;
  status: string;
  placement: string;
  origin: string | null;
  quantity_requested: string;
  trader_price: string;
  trader_shared_at: Date;
  id: string;
}

const copiesOfUser = async (userId: string): Promise<CopyRow[]> =>
  (await suite.dataSource.query(
    `SELECT id, original_trade_id, request_id, status, placement, origin,
            quantity_requested::float8::text AS quantity_requested, trader_price::float8::text AS trader_price,
            trader_shared_at
       FROM copy_engine.copy_instances WHERE user_id = $1 ORDER BY original_trade_id`,
    [userId],
  )) as CopyRow[];

const placedOrders = (userId: string) =>
  [...world.placed.entries()].filter(([key]) => key.startsWith(`${userId}:`)).map(([, count]) => count);

interface FollowerOptions {
  copyOpenPositions?: boolean;
  copyTrading?: boolean;
  stopped?: boolean;
}

/** A follower with their projected settings and guards (copy open positions and copy trading on unless said). */
async function follower({ copyOpenPositions = true, copyTrading = true, stopped = false }: FollowerOptions = {}) {
  const userId = randomUUID();
  await suite.dataSource.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, changed_at)
     VALUES ($1, $2, 1000, now())`,
    [userId, copyTrading],
  );
  await suite.dataSource.query(
    `INSERT INTO copy_engine.follower_guards (user_id, copy_open_positions, auto_copy_stopped) VALUES ($1, $2, $3)`,
    [userId, copyOpenPositions, stopped],
  );
  return userId;
}

/**
 * A trace with open trades at each tier (basic AAPL at 101, premium MSFT at 210, vip NVDA) and one closed basic
 * trade; the trader's entries 100, 200, 300, 50.
 */
function traceWithOpenTrades() {
  const traceId = randomUUID();
  const ownerUserId = randomUUID();
  const trade = (symbol: string, requiredTier: TierName, entryPrice: string, currentPrice: string) =>
    sharedTrade([], { traceId, ownerUserId, symbol, requiredTier, entryPrice, currentPrice });
  const trades = {
    basic: trade('AAPL', 'basic', '100', '101'),
    premium: trade('MSFT', 'premium', '200', '210'),
    vip: trade('NVDA', 'vip', '300', '310'),
    closed: trade('F', 'basic', '50', '51'),
  };
  openTrades.closed.add(trades.closed.id);
  return { traceId, trades };
}

const subscribe = (traceId: string, userId: string, tierName: TierName, occurredAt?: Date) => {
  openTrades.tiers.set(`${traceId}:${userId}`, tierName);
  return publishSubscriptionStarted(suite.nc, { traceId, userId, tierName }, occurredAt);
};

/** The consumer has handled the event (its inbox row committed). */
const handled = (consumer: string, eventId: string) =>
  expectEventually(async () => {
    const rows = (await suite.dataSource.query(
      `SELECT 1 FROM copy_engine.inbox WHERE consumer = $1 AND event_id = $2`,
      [consumer, eventId],
    )) as unknown[];
    expect(rows).toHaveLength(1);
  });

const placedAll = (userId: string, count: number) =>
  expectEventually(
    async () => {
      const rows = await copiesOfUser(userId);
      expect(rows).toHaveLength(count);
      expect(rows.filter((row) => row.status !== 'OPEN')).toEqual([]);
      return rows;
    },
    { timeoutMs: 30_000 },
  );

describe('on subscribing', () => {
  it('copies-each-open-trade-the-tier-may-copy-once — none above the tier, none closed — marked as a copied open position', async () => {
    const { traceId, trades } = traceWithOpenTrades();
    const userId = await follower();
    const started = await subscribe(traceId, userId, 'premium');

    const rows = await placedAll(userId, 2);
    expect(rows.map((row) => row.original_trade_id).sort()).toEqual([trades.basic.id, trades.premium.id].sort());
    const byTrade = new Map(rows.map((row) => [row.original_trade_id, row]));
    expect(byTrade.get(trades.basic.id)).toMatchObject({
      request_id: openPositionRequestId(started.id, trades.basic.id),
      placement: 'automatic',
      origin: 'open_position',
      quantity_requested: '9', // floor(1000 / 101), the live quote
      trader_price: '100', // the trader's entry
    });
    expect(byTrade.get(trades.premium.id)).toMatchObject({ quantity_requested: '4', trader_price: '200' });
    for (const row of rows) {
      // Shared, for this follower, when they subscribed: the delay counts from then.
      expect(row.trader_shared_at.toISOString()).toBe(started.data.occurredAt);
      const view = toCopyInstanceView((await findCopyById(suite.dataSource.manager, row.id))!);
      expect(view.receipt.copiedOpenPosition).toBe(true);
      expect(view.receipt.traderSharedAt).toBe(started.data.occurredAt);
    }
    expect(placedOrders(userId)).toEqual([1, 1]);
  });

  it('copies-nothing-when-the-option-is-off, copy trading is off, automatic copying is stopped or the trace paused', async () => {
    const { traceId } = traceWithOpenTrades();
    const optionOff = await follower({ copyOpenPositions: false });
    const copyingOff = await follower({ copyTrading: false });
    const stopped = await follower({ stopped: true });
    const paused = await follower();
    await pauseTraceAutoCopy(suite.dataSource.manager, paused, traceId, 'user');
    const noSettings = randomUUID(); // never sent settings: copy trading off
    for (const userId of [optionOff, copyingOff, stopped, paused, noSettings]) {
      const started = await subscribe(traceId, userId, 'vip');
      await handled(OPEN_POSITIONS_ON_SUBSCRIBE_DURABLE, started.id);
      expect(await copiesOfUser(userId)).toEqual([]);
    }
    // Traces was not even asked.
    expect(openTrades.calls).toEqual([]);
  });

  it('copies-nothing-on-a-subscription-too-old-to-be-a-new-one (a replay of the stream)', async () => {
    const { traceId } = traceWithOpenTrades();
    const userId = await follower();
    const started = await subscribe(traceId, userId, 'vip', new Date(Date.now() - 60 * 60_000));
    await handled(OPEN_POSITIONS_ON_SUBSCRIBE_DURABLE, started.id);
    expect(await copiesOfUser(userId)).toEqual([]);
  });

  it('records-nothing-twice-on-a-redelivery, nor when the same event is applied again past the inbox', async () => {
    const { traceId } = traceWithOpenTrades();
    const userId = await follower();
    const started = await subscribe(traceId, userId, 'vip');
    const first = await placedAll(userId, 3);
    await republish(suite.nc, SubscriptionStarted.subject, started);
    // A crash after the copies were recorded but before the event's inbox row: the handler runs again.
    await suite.app.get(OpenPositionsHandler).subscribed(started);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await copiesOfUser(userId)).map((row) => row.id)).toEqual(first.map((row) => row.id));
    expect(placedOrders(userId)).toEqual([1, 1, 1]);
    expect(world.replays).toBe(0);
  });

  it('an-open-trade-not-placed-is-recorded-with-one-CopyFailed, not again when the event is applied again past the inbox', async () => {
    const { traceId, trades } = traceWithOpenTrades();
    const userId = await follower();
    // One AAPL share (101) fits in 150; not even one MSFT share (210) does.
    await suite.dataSource.query(
      `UPDATE copy_engine.follower_settings SET default_copy_amount = 150, max_copy_amount = 150 WHERE user_id = $1`,
      [userId],
    );
    const started = await subscribe(traceId, userId, 'premium');
    await expectEventually(
      async () =>
        expect(new Map((await copiesOfUser(userId)).map((row) => [row.original_trade_id, row.status]))).toEqual(
          new Map([
            [trades.basic.id, 'OPEN'],
            [trades.premium.id, 'FAILED'],
          ]),
        ),
      { timeoutMs: 30_000 },
    );
    await suite.app.get(OpenPositionsHandler).subscribed(started);
    expect(await copyFailuresOf(suite.dataSource, trades.premium.id)).toEqual([
      expect.objectContaining(
        failedCopyOf(trades.premium, userId, {
          code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
          reason: CopyTradeMessages.autoAboveMaxCopyAmount(210, 150, false),
        }),
      ),
    ]);
    expect(await copyFailuresOf(suite.dataSource, trades.basic.id)).toEqual([]);
  });

  it('a-trade-already-copied-when-it-was-shared-is-not-copied-again', async () => {
    const { traceId, trades } = traceWithOpenTrades();
    const userId = await follower();
    world.audiences.set(trades.basic.id, [userId]);
    const shared = await publishTradeShared(suite.nc, trades.basic);
    await placedAll(userId, 1);
    await subscribe(traceId, userId, 'vip');
    const rows = await placedAll(userId, 3);
    const basic = rows.filter((row) => row.original_trade_id === trades.basic.id);
    expect(basic).toEqual([
      expect.objectContaining({ request_id: autoCopyRequestId(shared.id, userId), origin: 'shared' }),
    ]);
    const view = toCopyInstanceView((await findCopyById(suite.dataSource.manager, basic[0]!.id))!);
    expect(view.receipt.copiedOpenPosition).toBe(false);
    expect(rows.filter((row) => row.origin === 'open_position')).toHaveLength(2);
  });
});

describe('on resuming a paused trace', () => {
  const resume = (userId: string, traceId: string) =>
    suite.app.get(TraceGuardsUseCase).resume({
      requestId: randomUUID(),
      actor: devSignedActor({ userId, isAdmin: false }),
      payload: { userId, traceId },
    });
  const resumeEventsOf = async (userId: string): Promise<string[]> =>
    (
      (await suite.dataSource.query(
        `SELECT envelope->>'id' AS id FROM copy_engine.outbox
          WHERE envelope->>'type' = 'AutoCopyResumed' AND envelope->'data'->>'userId' = $1 ORDER BY position`,
        [userId],
      )) as Array<{ id: string }>
    ).map((row) => row.id);

  it('copies-the-open-trades-the-tier-may-copy, once; resuming a trace not paused copies nothing', async () => {
    const { traceId, trades } = traceWithOpenTrades();
    const userId = await follower();
    await pauseTraceAutoCopy(suite.dataSource.manager, userId, traceId, 'user');
    const started = await subscribe(traceId, userId, 'basic');
    await handled(OPEN_POSITIONS_ON_SUBSCRIBE_DURABLE, started.id);
    expect(await copiesOfUser(userId)).toEqual([]);

    await resume(userId, traceId);
    const rows = await placedAll(userId, 1);
    const [resumedId] = await resumeEventsOf(userId);
    expect(rows[0]).toMatchObject({
      original_trade_id: trades.basic.id,
      request_id: openPositionRequestId(resumedId!, trades.basic.id),
      origin: 'open_position',
    });
    await handled(OPEN_POSITIONS_ON_RESUME_DURABLE, resumedId!);

    // Resumed again (not paused): no event, nothing new.
    await resume(userId, traceId);
    expect(await resumeEventsOf(userId)).toHaveLength(1);
    expect(await copiesOfUser(userId)).toHaveLength(1);
    expect(placedOrders(userId)).toEqual([1]);
  });

  it('a-paused-then-resumed-trace-whose-open-trades-were-all-copied-gets-nothing-new', async () => {
    const { traceId } = traceWithOpenTrades();
    const userId = await follower();
    await subscribe(traceId, userId, 'vip');
    const before = await placedAll(userId, 3);
    await pauseTraceAutoCopy(suite.dataSource.manager, userId, traceId, 'user');
    await resume(userId, traceId);
    const [resumedId] = await resumeEventsOf(userId);
    await handled(OPEN_POSITIONS_ON_RESUME_DURABLE, resumedId!);
    expect((await copiesOfUser(userId)).map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect(placedOrders(userId)).toEqual([1, 1, 1]);
  });
});
