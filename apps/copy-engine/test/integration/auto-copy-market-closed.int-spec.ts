import { randomUUID } from 'node:crypto';
import {
  CopySkipped,
  CopyTradeErrorCode,
  CopyTradeMessages,
  TradeClosed,
  TradeShared,
  type PlacedOrderView,
} from '@copytrade/contracts';
import { nextUsMarketOpen } from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import { autoCopyRequestId } from '../../src/modules/auto-copy/auto-copy-fanout.handler';
import { toCopyInstanceView } from '../../src/modules/copies/copy-instance.mapper';
import { findCopyById } from '../../src/modules/copies/copy-instances.store';
import { orderOutcomeText } from '../../src/modules/copies/copy-placement';
import {
  AutoCopyStandInsModule,
  FILL_PRICE,
  MARKET_CLOSED,
  NO_BUYING_POWER,
  publishTradeClosed,
  publishTradeShared,
  refuseLater,
  republish,
  sharedTrade,
  world,
} from '../support/auto-copy-world';
import { useCopyEngineSuite } from '../support/copy-engine-suite';
import { copyFailuresOf, failedCopyOf } from '../support/copy-failures';
import { orderUpdatedEvent, publishOrderEvent } from '../support/order-events';

/**
 * The market-closed policy of automatic copies through the real copy engine (fan-out, placement workers, TradeClosed
 * consumer) with the stand-ins of auto-copy-world, whose brokerage refuses every order MARKET_CLOSED while the market
 * is closed and keeps that refusal under its request id, as the real one does. 'skip': not placed, as before.
 * 'next_open': queued for the open the brokerage's clock names (or the next weekday 9:30 US/Eastern without a clock),
 * left alone until then, sized again at the open's quote and placed once; cancelled, never sent, when the trader
 * closes the trade meanwhile. "The open comes" is the copy's queued time moved to now (the row state the workers
 * read), with the market opened at the brokerage. A linked brokerage (SnapTrade) accepts the order first and refuses
 * it later, when its scheduler sends it: the refusal arrives in the order's OrderUpdated (or in the answer the sweeper
 * gets when it asks again), and the policy holds the same.
 */
jest.setTimeout(90_000);

const suite = useCopyEngineSuite('copy_engine_market_closed', AutoCopyStandInsModule, {
  AUTO_COPY_POLL_MS: '200',
  AUTO_COPY_LEASE_MS: '3000',
  AUTO_COPY_BATCH_TIMEOUT_MS: '1000',
  AUTO_COPY_RETRY_MS: '200',
  COPY_SWEEP_INTERVAL_MS: '300',
});

beforeEach(() => world.reset());

interface CopyRow {
  id: string;
  user_id: string;
  request_id: string;
  status: string;
  quantity_requested: string;
  sizing_price: string | null;
  limit_price: string | null;
  order_state: string | null;
  brokerage_order_id: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  queued_until: Date | null;
}

const copyOf = async (tradeId: string): Promise<CopyRow> => {
  const rows = (await suite.dataSource.query(
    `SELECT id, user_id, request_id, status, quantity_requested::float8::text AS quantity_requested,
            sizing_price::float8::text AS sizing_price, limit_price::float8::text AS limit_price, order_state,
            brokerage_order_id, failure_code, failure_reason, queued_until
       FROM copy_engine.copy_instances WHERE original_trade_id = $1`,
    [tradeId],
  )) as CopyRow[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

/** A follower with copy trading on (1,000 a copy) and these guards (no row: every default, policy 'skip'). */
async function follower(guards: { policy?: 'skip' | 'next_open'; protection?: string } | null): Promise<string> {
  const userId = randomUUID();
  await suite.dataSource.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, changed_at)
     VALUES ($1, true, 1000, now())`,
    [userId],
  );
  if (guards)
    await suite.dataSource.query(
      `INSERT INTO copy_engine.follower_guards (user_id, market_closed_policy, price_protection_percent)
       VALUES ($1, $2, $3)`,
      [userId, guards.policy ?? 'skip', guards.protection ?? null],
    );
  return userId;
}

/** Orders really placed for the user, whatever their request id. */
const ordersOf = (userId: string) =>
  [...world.placed.entries()].filter(([key]) => key.startsWith(`${userId}:`)).map(([, count]) => count);

const queuedCopy = (tradeId: string) =>
  expectEventually(
    async () => {
      const copy = await copyOf(tradeId);
      expect(copy).toMatchObject({ status: 'PENDING', order_state: null });
      expect(copy.queued_until).not.toBeNull();
      return copy;
    },
    { timeoutMs: 20_000 },
  );

/** Several rounds of the workers' poll. */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 1_200));

/** The market opens at the brokerage and the queued copies' time has come. */
async function marketOpens(tradeId: string): Promise<void> {
  world.marketClosed = false;
  await suite.dataSource.query(
    `UPDATE copy_engine.copy_instances SET queued_until = now() WHERE original_trade_id = $1 AND queued_until IS NOT NULL`,
    [tradeId],
  );
}

describe("the market-closed policy of automatic copies (the follower's guard setting)", () => {
  it("'skip' (the default, or set): a copy refused for a closed market is not placed, with the reason", async () => {
    world.marketClosed = true;
    world.nextOpenAt = new Date(Date.now() + 3_600_000);
    for (const guards of [null, { policy: 'skip' as const }]) {
      const userId = await follower(guards);
      const trade = sharedTrade([userId]);
      await publishTradeShared(suite.nc, trade);
      const copy = await expectEventually(async () => {
        const row = await copyOf(trade.id);
        expect(row.status).toBe('FAILED');
        return row;
      });
      expect(copy).toMatchObject({
        failure_code: CopyTradeErrorCode.MARKET_CLOSED,
        failure_reason: CopyTradeMessages.marketClosed,
        queued_until: null,
      });
      expect(ordersOf(userId)).toEqual([]);
      expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([
        expect.objectContaining(
          failedCopyOf(trade, userId, {
            code: CopyTradeErrorCode.MARKET_CLOSED,
            reason: CopyTradeMessages.marketClosed,
          }),
        ),
      ]);
    }
  });

  it("'next_open': queued for the clock's next open, not claimed before it, then sized at the open's quote and placed once", async () => {
    world.marketClosed = true;
    const nextOpen = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    world.nextOpenAt = nextOpen;
    const userId = await follower({ policy: 'next_open' });
    const trade = sharedTrade([userId]); // quoted at 100: 10 shares of 1,000
    const shared = await publishTradeShared(suite.nc, trade);
    const queued = await queuedCopy(trade.id);
    const firstRequest = autoCopyRequestId(shared.id, userId);
    expect(world.refusals.has(`${userId}:${firstRequest}`)).toBe(true);
    expect(queued).toMatchObject({ quantity_requested: '10', failure_code: null });
    expect(queued.queued_until!.toISOString()).toBe(nextOpen.toISOString());
    // The order at the open goes under a request id of its own (the brokerage keeps the refusal under the first).
    expect(queued.request_id).toBe(`${firstRequest}:open-${nextOpen.getTime() / 1000}`);
    expect(toCopyInstanceView((await findCopyById(suite.dataSource.manager, queued.id))!)).toMatchObject({
      status: 'pending',
      queuedUntil: nextOpen.toISOString(),
      failureReason: null,
    });

    // Before the open: redelivered, the share changes nothing, and no worker takes the copy (no batch sent).
    const batches = world.batchCalls;
    await republish(suite.nc, TradeShared.subject, shared);
    await aWhile();
    expect(await copyOf(trade.id)).toEqual(queued);
    expect(world.batchCalls).toBe(batches);
    expect(ordersOf(userId)).toEqual([]);
    expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([]); // queued, not failed

    world.quotes.set('AAPL', 125); // the open's quote: 8 shares of 1,000
    await marketOpens(trade.id);
    const opened = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('OPEN');
      return row;
    });
    expect(opened).toMatchObject({ quantity_requested: '8', sizing_price: '125', queued_until: null });
    expect(world.placed.get(`${userId}:${queued.request_id}`)).toBe(1);
    expect(world.orders.get(`${userId}:${queued.request_id}`)).toMatchObject({
      quantity: 8,
      executionPrice: FILL_PRICE,
    });
    await aWhile();
    expect(ordersOf(userId)).toEqual([1]);
    expect(world.replays).toBe(0);
  });

  it("'next_open' with a brokerage that has no clock: queued for the next weekday 9:30 US/Eastern", async () => {
    world.marketClosed = true; // world.nextOpenAt null: the clock answers PAPER_BROKER_ONLY, as with SnapTrade
    const userId = await follower({ policy: 'next_open' });
    const trade = sharedTrade([userId]);
    const before = new Date();
    await publishTradeShared(suite.nc, trade);
    const queued = await queuedCopy(trade.id);
    expect([nextUsMarketOpen(before).getTime(), nextUsMarketOpen(new Date()).getTime()]).toContain(
      queued.queued_until!.getTime(),
    );
    expect(ordersOf(userId)).toEqual([]);
  });

  it("at the open, price protection is checked against the trader's price: moved past it, the copy is skipped with its reason and never sent", async () => {
    world.marketClosed = true;
    world.nextOpenAt = new Date(Date.now() + 3_600_000);
    const userId = await follower({ policy: 'next_open', protection: '2' });
    const trade = sharedTrade([userId]); // the trader paid 100
    await publishTradeShared(suite.nc, trade);
    await queuedCopy(trade.id);
    world.quotes.set('AAPL', 110);
    await marketOpens(trade.id);
    const skipped = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('FAILED');
      return row;
    });
    expect(skipped.failure_code).toBe(CopyTradeErrorCode.SKIPPED_PRICE_MOVED);
    expect(skipped.failure_reason).toBe(CopyTradeMessages.priceMoved(10, 2));
    await aWhile();
    expect(ordersOf(userId)).toEqual([]);
    // A guard's skip is announced as a skip, not as a failure.
    expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([]);
    const [skips] = (await suite.dataSource.query(
      `SELECT count(*)::int AS n FROM copy_engine.outbox WHERE subject = $1 AND envelope->'data'->>'copyId' = $2`,
      [CopySkipped.subject, skipped.id],
    )) as Array<{ n: number }>;
    expect(skips!.n).toBe(1);
  });

  it('a follower who turned copy trading off while the copy waited: not placed at the open, with the reason', async () => {
    world.marketClosed = true;
    world.nextOpenAt = new Date(Date.now() + 3_600_000);
    const userId = await follower({ policy: 'next_open' });
    const trade = sharedTrade([userId]);
    await publishTradeShared(suite.nc, trade);
    await queuedCopy(trade.id);
    await suite.dataSource.query(
      `UPDATE copy_engine.follower_settings SET copy_trading_enabled = false WHERE user_id = $1`,
      [userId],
    );
    await marketOpens(trade.id);
    const notPlaced = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('FAILED');
      return row;
    });
    expect(notPlaced).toMatchObject({
      failure_code: CopyTradeErrorCode.COPY_TRADING_OFF_BEFORE_OPEN,
      failure_reason: CopyTradeMessages.copyTradingOffBeforeOpen,
    });
    await aWhile();
    expect(ordersOf(userId)).toEqual([]);
    expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([
      expect.objectContaining({
        ...failedCopyOf(trade, userId, {
          code: CopyTradeErrorCode.COPY_TRADING_OFF_BEFORE_OPEN,
          reason: CopyTradeMessages.copyTradingOffBeforeOpen,
        }),
        copyId: notPlaced.id,
      }),
    ]);
  });

  it('the trader closes the trade while the copy waits: cancelled with the reason, no order ever, and redeliveries change nothing', async () => {
    world.marketClosed = true;
    world.nextOpenAt = new Date(Date.now() + 3_600_000);
    const userId = await follower({ policy: 'next_open' });
    const trade = sharedTrade([userId]);
    const shared = await publishTradeShared(suite.nc, trade);
    await queuedCopy(trade.id);
    const closed = await publishTradeClosed(suite.nc, trade);
    const cancelled = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('FAILED');
      return row;
    });
    expect(cancelled).toMatchObject({
      failure_code: CopyTradeErrorCode.TRADER_CLOSED_BEFORE_OPEN,
      failure_reason: CopyTradeMessages.traderClosedBeforeOpen,
    });
    expect(toCopyInstanceView((await findCopyById(suite.dataSource.manager, cancelled.id))!)).toMatchObject({
      status: 'failed',
      queuedUntil: null,
      failureReason: 'Not placed: the trader closed the trade before the market opened',
    });

    // The open comes; the share and the close are delivered again: still nothing sent, nothing changed.
    await marketOpens(trade.id);
    await republish(suite.nc, TradeShared.subject, shared);
    await republish(suite.nc, TradeClosed.subject, closed);
    await aWhile();
    expect(await copyOf(trade.id)).toEqual({ ...cancelled, queued_until: expect.any(Date) });
    expect(ordersOf(userId)).toEqual([]);
    // Announced once, by the TradeClosed consumer's transaction (caused by the close), whatever was redelivered.
    expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([
      expect.objectContaining({
        ...failedCopyOf(trade, userId, {
          code: CopyTradeErrorCode.TRADER_CLOSED_BEFORE_OPEN,
          reason: CopyTradeMessages.traderClosedBeforeOpen,
        }),
        copyId: cancelled.id,
        correlationId: closed.correlationId,
      }),
    ]);
  });
});

describe('the market-closed policy with a linked brokerage, which refuses an order it accepted when it sends it', () => {
  /** A follower's automatic copy whose order the brokerage accepted (SnapTrade: queued for its scheduler). */
  async function acceptedCopy(guards: Parameters<typeof follower>[0]) {
    const userId = await follower(guards);
    world.behaviour.set(userId, 'submitted');
    const trade = sharedTrade([userId]); // quoted at 100: 10 shares of 1,000
    await publishTradeShared(suite.nc, trade);
    const copy = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row).toMatchObject({ status: 'PENDING', order_state: 'SUBMITTED' });
      return row;
    });
    const order = world.orders.get(`${userId}:${copy.request_id}`)!;
    expect(copy.brokerage_order_id).toBe(order.brokerageOrderId);
    return { userId, trade, copy, order };
  }

  /** The order's OrderUpdated saying the brokerage rejected it, with the refusal's code (a new event each time). */
  const rejected = (userId: string, order: PlacedOrderView, code: string) =>
    orderUpdatedEvent(userId, order, {
      state: 'REJECTED',
      final: true,
      filled: '0',
      price: null,
      rejectionCode: code,
      provider: 'snaptrade',
    });

  it("'next_open': rejected later for a closed market, queued for the open; redeliveries change nothing; sent once at the open under a new request id", async () => {
    const { userId, trade, copy, order } = await acceptedCopy({ policy: 'next_open' });
    world.marketClosed = true; // closed by the time the brokerage's scheduler sends the order; no clock, as SnapTrade
    const before = new Date();
    refuseLater(userId, order.requestId, MARKET_CLOSED);
    const rejection = rejected(userId, order, MARKET_CLOSED.code);
    await publishOrderEvent(suite.nc, rejection, 1);

    const queued = await queuedCopy(trade.id);
    expect([nextUsMarketOpen(before).getTime(), nextUsMarketOpen(new Date()).getTime()]).toContain(
      queued.queued_until!.getTime(),
    );
    expect(queued).toMatchObject({ quantity_requested: '10', failure_code: null, brokerage_order_id: null });
    expect(queued.request_id).toBe(`${copy.request_id}:open-${queued.queued_until!.getTime() / 1000}`);

    // The same event redelivered, and the rejection told again (a later event of the order): nothing changes.
    await publishOrderEvent(suite.nc, rejection, 1, true);
    await publishOrderEvent(suite.nc, rejected(userId, order, MARKET_CLOSED.code), 2);
    await aWhile();
    expect(await copyOf(trade.id)).toEqual(queued);
    expect(ordersOf(userId)).toEqual([1]);

    world.behaviour.set(userId, 'filled');
    await marketOpens(trade.id);
    const opened = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('OPEN');
      return row;
    });
    expect(opened).toMatchObject({ request_id: queued.request_id, queued_until: null, failure_code: null });
    const atOpen = world.orders.get(`${userId}:${queued.request_id}`)!;
    expect(atOpen).toMatchObject({ state: 'FILLED', executionPrice: FILL_PRICE });
    expect(atOpen.clientOrderId).not.toBe(order.clientOrderId);
    await aWhile();
    // The refused order and the one at the open, each placed once.
    expect(world.placed.get(`${userId}:${order.requestId}`)).toBe(1);
    expect(world.placed.get(`${userId}:${queued.request_id}`)).toBe(1);
    expect(ordersOf(userId)).toEqual([1, 1]);
  });

  it("'skip': rejected later for a closed market, not placed with the closed market's reason; a redelivery changes nothing", async () => {
    const { userId, trade, order } = await acceptedCopy(null);
    world.marketClosed = true;
    refuseLater(userId, order.requestId, MARKET_CLOSED);
    const rejection = rejected(userId, order, MARKET_CLOSED.code);
    await publishOrderEvent(suite.nc, rejection, 1);
    const failed = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('FAILED');
      return row;
    });
    expect(failed).toMatchObject({
      failure_code: CopyTradeErrorCode.MARKET_CLOSED,
      failure_reason: CopyTradeMessages.marketClosed,
      order_state: 'REJECTED',
      queued_until: null,
    });
    await publishOrderEvent(suite.nc, rejection, 1, true);
    await aWhile();
    expect(await copyOf(trade.id)).toEqual(failed);
    expect(ordersOf(userId)).toEqual([1]);
    // The order-event consumer announced it once, in the transaction that failed it; the redelivery added nothing.
    expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([
      expect.objectContaining({
        ...failedCopyOf(trade, userId, {
          code: CopyTradeErrorCode.MARKET_CLOSED,
          reason: CopyTradeMessages.marketClosed,
        }),
        copyId: failed.id,
        correlationId: rejection.correlationId,
      }),
    ]);
  });

  it("'next_open': a rejection for another reason still fails the copy, with the order's outcome", async () => {
    const { userId, trade, order } = await acceptedCopy({ policy: 'next_open' });
    refuseLater(userId, order.requestId, NO_BUYING_POWER);
    await publishOrderEvent(suite.nc, rejected(userId, order, NO_BUYING_POWER.code), 1);
    const failed = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('FAILED');
      return row;
    });
    expect(failed).toMatchObject({
      failure_code: CopyTradeErrorCode.COPY_NOT_FILLED,
      failure_reason: orderOutcomeText('REJECTED', 'REJECTED'),
      queued_until: null,
    });
    await aWhile();
    expect(ordersOf(userId)).toEqual([1]);
    expect(await copyFailuresOf(suite.dataSource, trade.id)).toEqual([
      expect.objectContaining(
        failedCopyOf(trade, userId, {
          code: CopyTradeErrorCode.COPY_NOT_FILLED,
          reason: orderOutcomeText('REJECTED', 'REJECTED'),
        }),
      ),
    ]);
  });

  it("'next_open': the sweeper hears the refusal before the event — queued the same; the trader then closes the trade; the late event changes nothing, nothing is sent", async () => {
    const { userId, trade, copy, order } = await acceptedCopy({ policy: 'next_open' });
    world.marketClosed = true;
    world.nextOpenAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    refuseLater(userId, order.requestId, MARKET_CLOSED);
    // The sweeper's next look at the accepted order has come: it asks the brokerage again under the same request id.
    await suite.dataSource.query(`UPDATE copy_engine.copy_instances SET next_attempt_at = now() WHERE id = $1`, [
      copy.id,
    ]);
    const queued = await queuedCopy(trade.id);
    expect(queued.queued_until!.toISOString()).toBe(world.nextOpenAt.toISOString());
    expect(queued.request_id).toBe(`${copy.request_id}:open-${world.nextOpenAt.getTime() / 1000}`);

    await publishTradeClosed(suite.nc, trade);
    const cancelled = await expectEventually(async () => {
      const row = await copyOf(trade.id);
      expect(row.status).toBe('FAILED');
      return row;
    });
    expect(cancelled.failure_code).toBe(CopyTradeErrorCode.TRADER_CLOSED_BEFORE_OPEN);

    // The order's rejection arrives after all that, then the open comes: the cancelled copy stays as it is.
    await publishOrderEvent(suite.nc, rejected(userId, order, MARKET_CLOSED.code), 1);
    await marketOpens(trade.id);
    await aWhile();
    expect(await copyOf(trade.id)).toEqual({ ...cancelled, queued_until: expect.any(Date) });
    expect(ordersOf(userId)).toEqual([1]);
    // Failed once (the cancel), never again by the late rejection.
    expect((await copyFailuresOf(suite.dataSource, trade.id)).map((failure) => failure.code)).toEqual([
      CopyTradeErrorCode.TRADER_CLOSED_BEFORE_OPEN,
    ]);
  });
});
