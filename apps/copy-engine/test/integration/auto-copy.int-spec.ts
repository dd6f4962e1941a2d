import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  BrokerageMessages,
  CopyOpened,
  CopyTradeErrorCode,
  CopyTradeMessages,
  EVENTS_STREAM,
  OrderFilled,
  TradeShared,
  type EventEnvelope,
  type OrderFilledV1,
} from '@copytrade/contracts';
import { loadConfig } from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import type { DataSource } from 'typeorm';
import { CopyEngineAppModule } from '../../src/app.module';
import { CopyEngineConfig } from '../../src/config/copy-engine.config';
import { autoCloseRequestId } from '../../src/modules/auto-copy/auto-copy-closer';
import { AUTO_COPY_FANOUT_DURABLE, autoCopyRequestId } from '../../src/modules/auto-copy/auto-copy-fanout.handler';
import { AutoCopyPlacer } from '../../src/modules/auto-copy/auto-copy-placer';
import { toCopyInstanceView } from '../../src/modules/copies/copy-instance.mapper';
import { findCopyById } from '../../src/modules/copies/copy-instances.store';
import { findFollowerSettings } from '../../src/modules/follower-settings/follower-settings.store';
import {
  AutoCopyStandInsModule,
  FILL_PRICE,
  MARKET_CLOSED,
  NO_BROKERAGE,
  NO_BUYING_POWER,
  publishSettings,
  publishTradeClosed,
  publishTradeShared,
  republish,
  sharedTrade,
  world,
} from '../support/auto-copy-world';
import { startCopyEngine, type CopyEngineUnderTest } from '../support/copy-engine-under-test';
import { copyFailuresOf, failedCopyOf } from '../support/copy-failures';

/**
 * Automatic copying through the real copy engine (its app module: the follower-settings projection, the TradeShared
 * fan-out and TradeClosed consumers on JetStream, the placement workers, the closer, the order-event consumer) on
 * real PostgreSQL with the real migrations and a private nats-server, with stand-ins for traces' copy audience and
 * the brokerage (idempotent per (user, request id), counting the orders it really placed). The tier and subscription
 * rules of the audience are traces' (its copy-audience suite, on its real tables); here: copy trading on or off,
 * sizing and the maximum, the brokerage's refusals, redelivery, two replicas, the close on the trader's sell, options.
 */
jest.setTimeout(90_000);

const ENV = {
  COPY_BROKERAGE_LEASE_MS: '1000',
  AUTO_COPY_POLL_MS: '200',
  AUTO_COPY_LEASE_MS: '3000',
  AUTO_COPY_BATCH_TIMEOUT_MS: '1000',
  AUTO_COPY_RETRY_MS: '200',
};

let engine: CopyEngineUnderTest;
let app: INestApplication;
let dataSource: DataSource;
let nc: NatsConnection;

beforeAll(async () => {
  engine = await startCopyEngine('copy_engine_auto_copy', AutoCopyStandInsModule, ENV);
  ({ app, dataSource } = engine);
  nc = await connect({ servers: engine.nats.url });
}, 90_000);

afterAll(async () => {
  await nc?.close();
  await engine?.stop();
});

beforeEach(() => world.reset());

interface CopyRow {
  user_id: string;
  request_id: string;
  status: string;
  placement: string;
  quantity_requested: string;
  quantity_filled: string;
  entry_price: string | null;
  copy_amount: string;
  brokerage_account_id: string | null;
  brokerage_order_id: string | null;
  order_state: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  trader_price: string;
  trader_shared_at: Date;
  is_options: boolean;
  contract_multiplier: number;
}

const copiesOf = async (tradeId: string): Promise<CopyRow[]> =>
  (await dataSource.query(
    `SELECT user_id, request_id, status, placement, quantity_requested::float8::text AS quantity_requested,
            quantity_filled::float8::text AS quantity_filled,
            entry_price::text, copy_amount::text, brokerage_account_id, brokerage_order_id, order_state, failure_code,
            failure_reason, trader_price::text, trader_shared_at, is_options, contract_multiplier
       FROM copy_engine.copy_instances WHERE original_trade_id = $1 ORDER BY user_id`,
    [tradeId],
  )) as CopyRow[];

const byUser = async (tradeId: string) => new Map((await copiesOf(tradeId)).map((row) => [row.user_id, row]));

/** Followers with copy trading on, seeded straight into the projection (the projection has its own test below). */
async function following(
  count: number,
  settings: { defaultCopyAmount?: string | null; maxCopyAmount?: string | null; close?: boolean } = {},
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await dataSource.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, max_copy_amount,
        close_auto_copies_on_trader_sell, changed_at)
     SELECT id, true, $2, $3, $4, now() FROM unnest($1::uuid[]) AS ids(id)`,
    [ids, settings.defaultCopyAmount ?? '1000', settings.maxCopyAmount ?? null, settings.close ?? false],
  );
  return ids;
}

const settledAll = (tradeId: string, count: number) =>
  expectEventually(
    async () => {
      const rows = await copiesOf(tradeId);
      expect(rows).toHaveLength(count);
      expect(rows.filter((row) => row.status === 'PENDING' && row.order_state === null)).toEqual([]);
      return rows;
    },
    { timeoutMs: 30_000 },
  );

const placedOrders = (userId: string) =>
  [...world.placed.entries()].filter(([key]) => key.startsWith(`${userId}:`)).map(([, count]) => count);

describe('the follower-settings projection', () => {
  it('keeps-each-followers-latest-copy-settings-from-UserSettingsChanged; no event: no row (copy trading off)', async () => {
    const userId = randomUUID();
    expect(await findFollowerSettings(dataSource.manager, userId)).toBeNull();
    await publishSettings(nc, userId, { copyTradingEnabled: true, defaultCopyAmount: '500.00', maxCopyAmount: null });
    await publishSettings(nc, userId, {
      copyTradingEnabled: true,
      defaultCopyAmount: '750.00',
      maxCopyAmount: '2000.00',
      closeAutoCopiesOnTraderSell: true,
    });
    await expectEventually(async () =>
      expect(await findFollowerSettings(dataSource.manager, userId)).toMatchObject({
        copyTradingEnabled: true,
        defaultCopyAmount: '750.00',
        maxCopyAmount: '2000.00',
        closeAutoCopiesOnTraderSell: true,
      }),
    );
    // An event from before the close setting existed (field absent) means it off.
    await publishSettings(nc, userId, { copyTradingEnabled: false, defaultCopyAmount: '750.00' });
    await expectEventually(async () =>
      expect(await findFollowerSettings(dataSource.manager, userId)).toMatchObject({
        copyTradingEnabled: false,
        closeAutoCopiesOnTraderSell: false,
      }),
    );
  });
});

describe('the fan-out of TradeShared', () => {
  it('copies-for-every-eligible-follower-with-copy-trading-on — whole shares of the default amount, OPEN with CopyOpened and the receipt — and for nobody else', async () => {
    const on = await following(3, { defaultCopyAmount: '1000' });
    const off = randomUUID();
    const unknown = randomUUID(); // never sent settings: copy trading off
    await dataSource.query(
      `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, changed_at)
       VALUES ($1, false, 1000, now())`,
      [off],
    );
    const trade = sharedTrade([...on, off, unknown], { currentPrice: '101', entryPrice: '100' });
    // The owner with copy trading on is no follower, even if an audience listed them.
    const [owner] = await following(1);
    world.audiences.get(trade.id)!.push(owner!);
    world.trades.set(trade.id, { ...trade, ownerUserId: owner! });
    const shared = await publishTradeShared(nc, { ...trade, ownerUserId: owner! });

    const rows = await settledAll(trade.id, 3);
    expect(rows.map((row) => row.user_id).sort()).toEqual([...on].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'OPEN',
        placement: 'automatic',
        request_id: autoCopyRequestId(shared.id, row.user_id),
        quantity_requested: '9', // floor(1000 / 101)
        quantity_filled: '9',
        entry_price: String(FILL_PRICE),
        brokerage_account_id: `acct-${row.user_id.slice(0, 8)}`,
        trader_price: '100',
      });
      expect(row.trader_shared_at.toISOString()).toBe(trade.sharedAt);
      expect(placedOrders(row.user_id)).toEqual([1]);
    }
    expect(placedOrders(off)).toEqual([]);
    expect(placedOrders(unknown)).toEqual([]);
    expect(placedOrders(owner!)).toEqual([]);
    const opened = (await dataSource.query(
      `SELECT envelope FROM copy_engine.outbox WHERE subject = $1 AND envelope->'data'->>'originalTradeId' = $2`,
      [CopyOpened.subject, trade.id],
    )) as Array<{ envelope: EventEnvelope<{ placement: string; quantity: string }> }>;
    expect(opened.map((row) => row.envelope.data)).toEqual(
      on.map(() => expect.objectContaining({ placement: 'automatic', quantity: '9' })),
    );
  });

  it('never-above-the-maximum: sized down to it, at least one unit, FAILED with the reason when even one is above it; no amount set: Settings placeholder 1000', async () => {
    const [capped] = await following(1, { defaultCopyAmount: '1000', maxCopyAmount: '250' });
    const [tooSmall] = await following(1, { defaultCopyAmount: '50', maxCopyAmount: '60' });
    const [oneUnit] = await following(1, { defaultCopyAmount: '20' });
    const [noDefault] = await following(1, { defaultCopyAmount: null });
    const trade = sharedTrade([capped!, tooSmall!, oneUnit!, noDefault!], { currentPrice: '100' });
    await publishTradeShared(nc, trade);
    await settledAll(trade.id, 4);
    const rows = await byUser(trade.id);
    expect(rows.get(capped!)).toMatchObject({ status: 'OPEN', quantity_requested: '2' });
    expect(rows.get(oneUnit!)).toMatchObject({ status: 'OPEN', quantity_requested: '1' });
    expect(rows.get(noDefault!)).toMatchObject({ status: 'OPEN', quantity_requested: '10' });
    expect(rows.get(tooSmall!)).toMatchObject({
      status: 'FAILED',
      failure_code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
      failure_reason: CopyTradeMessages.autoAboveMaxCopyAmount(100, 60, false),
    });
    expect(placedOrders(tooSmall!)).toEqual([]);
    // Announced once, in the transaction that recorded it; the copies placed are not.
    expect(await copyFailuresOf(dataSource, trade.id)).toEqual([
      expect.objectContaining(
        failedCopyOf(trade, tooSmall!, {
          code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
          reason: CopyTradeMessages.autoAboveMaxCopyAmount(100, 60, false),
        }),
      ),
    ]);
  });

  it("sized-and-capped-at-a-live-quote-per-page, never the trade's stored price; the quote on the receipt", async () => {
    const [capped, tooSmall] = await Promise.all([
      following(1, { defaultCopyAmount: '1000', maxCopyAmount: '1000' }),
      following(1, { defaultCopyAmount: '500', maxCopyAmount: '600' }),
    ]).then((lists) => lists.flat());
    // The owner's last sync says 100; the market is at 657.75 when the share is copied.
    const trade = sharedTrade([capped!, tooSmall!], { symbol: 'TSLA', currentPrice: '100' });
    world.quotes.set('TSLA', 657.75);
    await publishTradeShared(nc, trade);
    await settledAll(trade.id, 2);
    const rows = await byUser(trade.id);
    expect(rows.get(capped!)).toMatchObject({ status: 'OPEN', quantity_requested: '1' });
    expect(rows.get(tooSmall!)).toMatchObject({
      status: 'FAILED',
      failure_code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
      failure_reason: CopyTradeMessages.autoAboveMaxCopyAmount(657.75, 600, false),
    });
    expect(world.quoteCalls.filter((call) => call.symbols.includes('TSLA'))).toEqual([
      { symbols: ['TSLA'], userIds: expect.arrayContaining([capped, tooSmall]) },
    ]);
    const [receipt] = (await dataSource.query(
      `SELECT sizing_price::float8 AS "sizingPrice", max_copy_amount::float8 AS "maxCopyAmount",
              sizing_quoted_at IS NOT NULL AS "quoted"
         FROM copy_engine.copy_instances WHERE original_trade_id = $1 AND user_id = $2`,
      [trade.id, capped],
    )) as Array<Record<string, unknown>>;
    expect(receipt).toEqual({ sizingPrice: 657.75, maxCopyAmount: 1000, quoted: true });
  });

  it('no-live-quote: every copy of the page is recorded not placed with the reason, and no order is sent', async () => {
    const [one, two] = await following(2);
    const trade = sharedTrade([one!, two!], { symbol: 'NOQT' });
    world.quotes.set('NOQT', null);
    await publishTradeShared(nc, trade);
    await settledAll(trade.id, 2);
    for (const row of (await byUser(trade.id)).values())
      expect(row).toMatchObject({
        status: 'FAILED',
        failure_code: 'QUOTE_UNAVAILABLE',
      });
    expect(placedOrders(one!)).toEqual([]);
    // Not placed before any order: announced by the fan-out's recording, the brokerage's refusal as the reason.
    const reason = (await byUser(trade.id)).get(one!)!.failure_reason!;
    expect((await copyFailuresOf(dataSource, trade.id)).sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [one!, two!]
        .sort()
        .map((userId) =>
          expect.objectContaining(failedCopyOf(trade, userId, { code: CopyTradeErrorCode.QUOTE_UNAVAILABLE, reason })),
        ),
    );
  });

  it('a-follower-the-brokerage-cannot-serve-gets-a-FAILED-copy-with-the-reason (no brokerage, buying power, market closed)', async () => {
    const [none, poor, closed, fine] = await following(4);
    world.behaviour.set(none!, NO_BROKERAGE);
    world.behaviour.set(poor!, NO_BUYING_POWER);
    world.behaviour.set(closed!, MARKET_CLOSED);
    const trade = sharedTrade([none!, poor!, closed!, fine!]);
    await publishTradeShared(nc, trade);
    await settledAll(trade.id, 4);
    const rows = await byUser(trade.id);
    expect(rows.get(none!)).toMatchObject({
      status: 'FAILED',
      failure_code: CopyTradeErrorCode.BROKERAGE_NOT_CONNECTED,
      failure_reason: CopyTradeMessages.brokerageNotConnected,
    });
    expect(rows.get(poor!)).toMatchObject({
      status: 'FAILED',
      failure_reason: BrokerageMessages.insufficientBuyingPower,
    });
    expect(rows.get(closed!)).toMatchObject({
      status: 'FAILED',
      failure_code: CopyTradeErrorCode.MARKET_CLOSED,
      failure_reason: CopyTradeMessages.marketClosed,
    });
    expect(rows.get(fine!)).toMatchObject({ status: 'OPEN' });
    // The placement workers' refusals: one CopyFailed each, in the transaction that wrote the batch's outcome.
    const failures = await copyFailuresOf(dataSource, trade.id);
    expect(failures).toHaveLength(3);
    for (const userId of [none!, poor!, closed!])
      expect(failures.filter((failure) => failure.userId === userId)).toEqual([
        expect.objectContaining(
          failedCopyOf(trade, userId, {
            code: rows.get(userId)!.failure_code,
            reason: rows.get(userId)!.failure_reason!,
          }),
        ),
      ]);
    expect(failures.find((failure) => failure.userId === poor)!.reason).toBe(BrokerageMessages.insufficientBuyingPower);
  });

  it('redelivery-of-TradeShared-records-and-places-nothing-new', async () => {
    const followers = await following(5);
    const trade = sharedTrade(followers);
    const shared = await publishTradeShared(nc, trade);
    await settledAll(trade.id, 5);
    const before = await copiesOf(trade.id);
    await republish(nc, TradeShared.subject, shared);
    await republish(nc, TradeShared.subject, shared);
    // The inbox has taken the repeats once they are acked: the consumer has nothing pending.
    await expectEventually(async () => {
      const jsm = await jetstream(nc).jetstreamManager();
      const info = await jsm.consumers.info(EVENTS_STREAM, AUTO_COPY_FANOUT_DURABLE);
      expect([info.num_pending, info.num_ack_pending]).toEqual([0, 0]);
    });
    expect(await copiesOf(trade.id)).toEqual(before);
    for (const userId of followers) expect(placedOrders(userId)).toEqual([1]);
  });

  it('a-large-fan-out-places-each-page-as-it-is-recorded, and one failing part-way is resumed by the redelivery: everyone exactly one order', async () => {
    const followers = await following(2_500); // three pages of the audience
    const trade = sharedTrade(followers);
    world.refuseLaterAudiencePages = true;
    await publishTradeShared(nc, trade);
    // The first page is recorded and its orders placed while the rest of the fan-out cannot go on.
    const firstPage = await expectEventually(
      async () => {
        const rows = await copiesOf(trade.id);
        expect(rows.filter((row) => row.status === 'OPEN')).toHaveLength(1_000);
        return rows;
      },
      { timeoutMs: 30_000 },
    );
    expect(firstPage).toHaveLength(1_000);

    world.refuseLaterAudiencePages = false;
    const rows = await settledAll(trade.id, 2_500);
    expect(rows.every((row) => row.status === 'OPEN')).toBe(true);
    for (const userId of followers) expect(placedOrders(userId)).toEqual([1]);
  });

  it('a-fan-out-whose-followers-are-all-not-placed: one CopyFailed each, written in bulk with the page that recorded them; resumed and redelivered, none twice', async () => {
    const followers = await following(2_500, { defaultCopyAmount: '50', maxCopyAmount: '60' }); // one share: 100
    const trade = sharedTrade(followers);
    world.refuseLaterAudiencePages = true;
    const shared = await publishTradeShared(nc, trade);
    // The first page is recorded and announced while the rest of the fan-out cannot go on.
    await expectEventually(async () => expect(await copyFailuresOf(dataSource, trade.id)).toHaveLength(1_000), {
      timeoutMs: 30_000,
    });
    world.refuseLaterAudiencePages = false;
    const rows = await settledAll(trade.id, 2_500);
    expect(rows.every((row) => row.status === 'FAILED')).toBe(true);
    await republish(nc, TradeShared.subject, shared);
    await expectEventually(async () => {
      const jsm = await jetstream(nc).jetstreamManager();
      const info = await jsm.consumers.info(EVENTS_STREAM, AUTO_COPY_FANOUT_DURABLE);
      expect([info.num_pending, info.num_ack_pending]).toEqual([0, 0]);
    });

    const failures = await copyFailuresOf(dataSource, trade.id);
    expect(failures).toHaveLength(2_500);
    expect(failures.map((failure) => failure.userId).sort()).toEqual([...followers].sort());
    for (const failure of failures)
      expect(failure).toMatchObject(
        failedCopyOf(trade, failure.userId, {
          code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
          reason: CopyTradeMessages.autoAboveMaxCopyAmount(100, 60, false),
        }),
      );
    // Each page's events in one batch of its recording transaction (one now(), one write time), not one per copy.
    const byTransaction = new Map<string, Set<string>>();
    for (const failure of failures)
      byTransaction.set(failure.writtenAt, (byTransaction.get(failure.writtenAt) ?? new Set()).add(failure.occurredAt));
    expect([...byTransaction.values()].map((written) => written.size)).toEqual([1, 1, 1]);
    expect(
      [...byTransaction.keys()].map((at) => failures.filter((failure) => failure.writtenAt === at).length),
    ).toEqual([1_000, 1_000, 500]);
    expect(new Set(failures.map((failure) => failure.correlationId))).toEqual(new Set([shared.correlationId]));
    for (const userId of followers) expect(placedOrders(userId)).toEqual([]);
  });

  it("each-automatic-copy's-receipt-has-its-brokerage-order's-fill-price-and-execution-time; delay = fill − share", async () => {
    const followers = await following(3);
    world.executedAgoMs = 37_000; // the brokerage's record dates the fill well before its answer reaches the engine
    const trade = sharedTrade(followers);
    await publishTradeShared(nc, trade);
    const rows = await settledAll(trade.id, 3);
    for (const row of rows) {
      const order = world.orders.get(`${row.user_id}:${row.request_id}`)!;
      const [{ id }] = (await dataSource.query(
        `SELECT id FROM copy_engine.copy_instances WHERE user_id = $1 AND request_id = $2`,
        [row.user_id, row.request_id],
      )) as Array<{ id: string }>;
      const { receipt } = toCopyInstanceView((await findCopyById(dataSource.manager, id!))!);
      expect(receipt).toMatchObject({
        fillPrice: order.executionPrice,
        filledAt: order.filledAt,
        delaySeconds: Math.round((Date.parse(order.filledAt!) - Date.parse(trade.sharedAt!)) / 10) / 100,
      });
    }
  });

  it('accepted-orders-stay-PENDING-until-their-OrderFilled, then OPEN', async () => {
    const [follower] = await following(1);
    world.behaviour.set(follower!, 'submitted');
    const trade = sharedTrade([follower!]);
    await publishTradeShared(nc, trade);
    const [row] = await settledAll(trade.id, 1);
    expect(row).toMatchObject({ status: 'PENDING', order_state: 'SUBMITTED' });
    const order = [...world.orders.values()].find((o) => o.requestId === row!.request_id)!;
    const executedAt = new Date(Date.now() - 20_000).toISOString(); // SnapTrade's time_executed, before the event
    const filled: EventEnvelope<OrderFilledV1> = {
      id: randomUUID(),
      type: OrderFilled.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'brokerage',
      correlationId: randomUUID(),
      aggregateId: `order-intent:${order.clientOrderId}`,
      aggregateVersion: 1,
      data: {
        intentId: order.clientOrderId!,
        userId: follower!,
        accountId: order.accountId!,
        provider: 'snaptrade',
        requestId: order.requestId,
        brokerageOrderId: order.brokerageOrderId,
        action: 'BUY',
        symbol: order.symbol,
        underlying: order.symbol,
        filledQuantity: String(order.quantity),
        averagePrice: '99.5',
        filledAt: executedAt,
        optionType: null,
        strikePrice: null,
        expirationDate: null,
        contractMultiplier: 1,
      },
    };
    await jetstream(nc).publish(OrderFilled.subject, JSON.stringify(filled), { msgID: filled.id });
    await expectEventually(async () =>
      expect((await copiesOf(trade.id))[0]).toMatchObject({ status: 'OPEN', entry_price: '99.5' }),
    );
    const [{ filledAt }] = (await dataSource.query(
      `SELECT filled_at AS "filledAt" FROM copy_engine.copy_instances WHERE request_id = $1`,
      [row!.request_id],
    )) as Array<{ filledAt: Date }>;
    expect(filledAt.toISOString()).toBe(executedAt);
  });

  it('a-batch-left-unanswered-is-asked-again-with-the-same-request-ids: one order each, never "not placed"', async () => {
    const followers = await following(3);
    world.silentBatches = 1;
    const trade = sharedTrade(followers);
    await publishTradeShared(nc, trade);
    const rows = await settledAll(trade.id, 3);
    expect(rows.every((row) => row.status === 'OPEN')).toBe(true);
    expect(world.batchCalls).toBeGreaterThanOrEqual(2);
    for (const userId of followers) expect(placedOrders(userId)).toEqual([1]);
  });

  it('a-TradeShared-written-long-ago (a replay of the stream when the consumer is new) copies-for-nobody', async () => {
    const followers = await following(2);
    const trade = sharedTrade(followers);
    const shared = await publishTradeShared(nc, trade, new Date(Date.now() - 60 * 60_000));
    await expectEventually(async () => {
      const [row] = (await dataSource.query(
        `SELECT count(*)::int AS n FROM copy_engine.inbox WHERE consumer = $1 AND event_id = $2`,
        [AUTO_COPY_FANOUT_DURABLE, shared.id],
      )) as Array<{ n: number }>;
      expect(row!.n).toBe(1);
    });
    expect(await copiesOf(trade.id)).toEqual([]);
    expect(world.placed.size).toBe(0);
  });

  it('options-copies: whole contracts at price × multiplier, the contract sent to the brokerage', async () => {
    const [follower] = await following(1, { defaultCopyAmount: '1000' });
    const trade = sharedTrade([follower!], {
      symbol: 'SPY',
      isOptions: true,
      optionType: 'call',
      optionsTicker: 'SPY   260320C00500000',
      strikePrice: '500',
      expirationDate: '2026-03-20',
      contractMultiplier: 100,
      entryPrice: '2.5',
      currentPrice: '2.4',
    });
    await publishTradeShared(nc, trade);
    const [row] = await settledAll(trade.id, 1);
    // floor(1000 / (2.4 × 100)) = 4 contracts; amount = 4 × 101.25 × 100
    expect(row).toMatchObject({
      status: 'OPEN',
      is_options: true,
      contract_multiplier: 100,
      quantity_filled: '4',
      copy_amount: '40500.000000',
    });
    const order = world.orders.get(`${follower}:${row!.request_id}`)!;
    expect(order).toMatchObject({
      symbol: 'SPY',
      isOptions: true,
      optionsTicker: 'SPY   260320C00500000',
      quantity: 4,
    });
  });

  it('options-trade-with-incomplete-contract-data-is-FAILED-for-its-followers-without-an-order', async () => {
    const [follower] = await following(1);
    const trade = sharedTrade([follower!], { symbol: 'SPY', isOptions: true, optionType: 'call', strikePrice: null });
    await publishTradeShared(nc, trade);
    const [row] = await settledAll(trade.id, 1);
    expect(row).toMatchObject({ status: 'FAILED', failure_code: CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE });
    expect(placedOrders(follower!)).toEqual([]);
  });
});

describe('two replicas of the copy engine', () => {
  it('share-one-fan-out: each follower exactly one copy and one order', async () => {
    const config = loadConfig(CopyEngineConfig, {
      DATABASE_URL: engine.database.url,
      NATS_URL: engine.nats.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      COPY_SWEEP_INTERVAL_MS: '0',
      ...ENV,
      AUTO_COPY_BATCH_SIZE: '25',
    });
    const moduleRef = await Test.createTestingModule({ imports: [CopyEngineAppModule.register(config)] }).compile();
    const replica = moduleRef.createNestApplication({ logger: false });
    await replica.init();
    try {
      const followers = await following(400);
      world.batchDelayMs = 20;
      const trade = sharedTrade(followers);
      await publishTradeShared(nc, trade);
      // Both replicas' workers take batches as soon as the copies are recorded.
      await expectEventually(async () => expect((await copiesOf(trade.id)).length).toBe(400), { timeoutMs: 20_000 });
      await Promise.all([app.get(AutoCopyPlacer).drain(), replica.get(AutoCopyPlacer).drain()]);
      const rows = await settledAll(trade.id, 400);
      expect(rows.every((row) => row.status === 'OPEN')).toBe(true);
      expect(new Set(rows.map((row) => row.user_id)).size).toBe(400);
      for (const userId of followers) expect(placedOrders(userId)).toEqual([1]);
      // No worker sent a copy another held (claims are disjoint): not one order was asked for twice.
      expect(world.orders.size).toBe(400);
      expect(world.replays).toBe(0);
    } finally {
      await replica.close();
    }
  });
});

describe('closing automatic copies when the trader sells', () => {
  it('sells-the-open-automatic-copies-of-followers-who-asked-once-and-leaves-the-others-open', async () => {
    const [closer] = await following(1, { close: true });
    const [keeper] = await following(1, { close: false });
    const trade = sharedTrade([closer!, keeper!]);
    await publishTradeShared(nc, trade);
    await settledAll(trade.id, 2);
    const closed = await publishTradeClosed(nc, trade);
    await expectEventually(async () => expect((await byUser(trade.id)).get(closer!)!.status).toBe('CLOSED'));
    expect((await byUser(trade.id)).get(keeper!)!.status).toBe('OPEN');
    const copyId = (
      (await dataSource.query(`SELECT id FROM copy_engine.copy_instances WHERE user_id = $1`, [closer])) as Array<{
        id: string;
      }>
    )[0]!.id;
    const sellKey = `${closer}:${autoCloseRequestId(closed.id, copyId)}`;
    expect(world.placed.get(sellKey)).toBe(1);
    expect(world.orders.get(sellKey)).toMatchObject({ action: 'SELL', quantity: 10 });
    expect(toCopyInstanceView((await findCopyById(dataSource.manager, copyId))!).closedBy).toBe('trader');

    // Redelivered: no second sell.
    await republish(nc, 'events.traces.trade.closed.v1', closed);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sells = (await dataSource.query(`SELECT status FROM copy_engine.copy_sells WHERE copy_id = $1`, [
      copyId,
    ])) as Array<{ status: string }>;
    expect(sells).toEqual([{ status: 'FILLED' }]);
    expect(world.placed.get(sellKey)).toBe(1);
  });
});
