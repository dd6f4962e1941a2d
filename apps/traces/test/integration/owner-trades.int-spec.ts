import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageRpc,
  TradeClosed,
  TradeShared,
  buildOccSymbol,
  type AccountScopedRpcRequest,
  type EventEnvelope,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListPositionsRpcReply,
  type OrderFilledV1,
  type OrderView,
  type PositionView,
  type RpcRequest,
  type TradeClosedV1,
  type TradeSharedV1,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import type { DataSource } from 'typeorm';
import { BrokerageReader } from '../../src/modules/owner-trades/brokerage-reader';
import { OrderFilledHandler } from '../../src/modules/owner-trades/handlers/order-filled.handler';
import { CleanupOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/cleanup-owner-trades.use-case';
import { ListOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/list-owner-trades.use-case';
import { ShareTradeUseCase } from '../../src/modules/owner-trades/use-cases/share-trade.use-case';
import { SyncOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/sync-owner-trades.use-case';
import { TraceEntity, TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { toTradeView } from '../../src/modules/shared/trace-views';
import { UpdateOwnerSettingsUseCase } from '../../src/modules/owner-profile/use-cases/update-owner-settings.use-case';
import { addTrades } from '../../src/modules/shared/trade-writer';
import {
  assertOwnAccount,
  buyOrder,
  orderFilled,
  orderUpdated,
  stockPosition as stock,
} from '../support/brokerage-fixtures';
import { call, idleRelay, outcome, tracesOutbox, tradeEvents, useTracesTestEnv } from '../support/traces-test-env';
import { devSignedActor } from '@copytrade/nest';

/**
 * Trades from the owner's brokerage, against real PostgreSQL (the real migrations) and a stand-in for the
 * brokerage service's account, position and order RPCs on a private nats-server: whatever `BROKERAGE[userId]`
 * holds is what the owner's first account shows.
 */
interface Account {
  accountId: string;
  positions: PositionView[];
  orders: OrderView[];
}
const BROKERAGE = new Map<string, Account | 'unregistered'>();
const reads: string[] = [];

@Controller()
class StandInBrokerage {
  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    assertOwnAccount(request);
    const account = BROKERAGE.get(request.payload.userId);
    if (account === 'unregistered')
      throw new RpcException({
        status: 409,
        code: BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
        message: 'Register',
      });
    reads.push(request.payload.userId);
    return { accounts: account ? [{ id: account.accountId } as ListAccountsRpcReply['accounts'][number]] : [] };
  }

  @MessagePattern(BrokerageRpc.listPositions)
  positions(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListPositionsRpcReply {
    assertOwnAccount(request);
    return { positions: (BROKERAGE.get(request.payload.userId) as Account).positions };
  }

  @MessagePattern(BrokerageRpc.listOrders)
  orders(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListOrdersRpcReply {
    assertOwnAccount(request);
    return { orders: (BROKERAGE.get(request.payload.userId) as Account).orders };
  }
}
@Module({ controllers: [StandInBrokerage] })
class StandInBrokerageModule {}

const env = useTracesTestEnv('traces_owner_trades', {
  standIn: { module: StandInBrokerageModule, service: 'brokerage' },
});
let dataSource: DataSource;
let sync: SyncOwnerTradesUseCase;
let list: ListOwnerTradesUseCase;
let cleanup: CleanupOwnerTradesUseCase;
let share: ShareTradeUseCase;
let fills: OrderFilledHandler;

beforeAll(() => {
  dataSource = env.dataSource;
  sync = new SyncOwnerTradesUseCase(dataSource, new BrokerageReader(env.rpc), tracesOutbox());
  list = new ListOwnerTradesUseCase(dataSource, sync);
  cleanup = new CleanupOwnerTradesUseCase(dataSource, sync);
  share = new ShareTradeUseCase(dataSource, tracesOutbox(), idleRelay);
  fills = new OrderFilledHandler({ register: async () => undefined } as never, tracesOutbox());
});

const EXPIRY = '2030-01-18';
const OCC = buildOccSymbol({ underlying: 'AAPL', optionType: 'CALL', strikePrice: '240', expirationDate: EXPIRY });
/** The AAPL 240 call bought at 3.00 as every trade event describes it. */
const CALL_240_EVENT_FIELDS = {
  symbol: 'AAPL',
  optionsTicker: OCC,
  optionType: 'call',
  strikePrice: '240',
  expirationDate: EXPIRY,
  contractMultiplier: 100,
  entryPrice: '3',
};
const call240 = (quantity: number, price: number, averagePurchasePrice: number): PositionView => ({
  ...stock('AAPL', quantity, price, averagePurchasePrice),
  value: quantity * price * 100,
  isOptions: true,
  optionsTicker: OCC,
  optionType: 'call',
  strikePrice: 240,
  expirationDate: EXPIRY,
  contractMultiplier: 100,
});

/** An owner with a trace and a paper account holding 10 MSFT (from one known order), 5 NVDA and 2 AAPL calls. */
async function ownerWithAccount() {
  const ownerId = randomUUID();
  const trace = await createTrace(dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Owner trades',
    handle: `own_${randomUUID().slice(0, 8)}`,
  });
  const account: Account = {
    accountId: `paper-${randomUUID().slice(0, 8)}`,
    positions: [stock('MSFT', 10, 410, 400), stock('NVDA', 5, 120, 100), call240(2, 3.5, 3)],
    orders: [buyOrder(`ord-${randomUUID()}`, 'MSFT', 10, 400, '2026-01-05T15:00:00.000Z')],
  };
  BROKERAGE.set(ownerId, account);
  return { ownerId, trace, account };
}
const tradesOf = (traceId: string) =>
  dataSource.getRepository(TradeEntity).find({ where: { traceId }, order: { symbol: 'ASC', sourceKey: 'ASC' } });
const traceRow = (traceId: string) => dataSource.getRepository(TraceEntity).findOneByOrFail({ id: traceId });
/** A closed trade not from the brokerage (no source key), as demo data and admins write them. */
const addClosedTrade = (traceId: string, symbol: string, price: number, exitPrice: number) =>
  dataSource.transaction((manager) =>
    addTrades(manager, traceId, [
      { symbol, side: 'buy', quantity: 1, price, currentPrice: exitPrice, status: 'closed', executedAt: new Date() },
    ]),
  );
const closedEvents = async (tradeId: string) =>
  (await tradeEvents<TradeClosedV1>(dataSource, tradeId, TradeClosed.subject)).map((row) => row.envelope);
const sharedEvents = async (tradeId: string) =>
  (await tradeEvents<TradeSharedV1>(dataSource, tradeId, TradeShared.subject)).map((row) => row.envelope);

describe('sync from the brokerage', () => {
  it('sync-twice-and-concurrently-never-duplicates: stocks and options by order id or position lot', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    const first = await list.execute(call(ownerId, { traceId: trace.id }));
    expect(first.totalCount).toBe(3);
    expect(first.sharedCount).toBe(0);
    const bySymbol = Object.fromEntries(first.trades.map((trade) => [trade.optionsTicker ?? trade.symbol, trade]));
    expect(bySymbol.MSFT).toMatchObject({ side: 'buy', status: 'filled', quantity: 10, price: 400, currentPrice: 410 });
    expect(bySymbol.NVDA).toMatchObject({ side: 'buy', status: 'open', quantity: 5, price: 100, currentPrice: 120 });
    // Options: per contract in dollars (a $3.00 quote × 100), with their OCC data and multiplier.
    expect(bySymbol[OCC]).toMatchObject({
      symbol: 'AAPL',
      isOptions: true,
      optionType: 'call',
      strikePrice: 240,
      expirationDate: EXPIRY,
      contractMultiplier: 100,
      quantity: 2,
      price: 300,
      currentPrice: 350,
      isShared: false,
      copyCount: 0,
      requiredTier: null,
    });
    const stored = await tradesOf(trace.id);
    expect(stored.map((trade) => trade.sourceKey).sort()).toEqual(
      [
        `order:${account.orders[0]!.id}`,
        `position:${account.accountId}:NVDA:1`,
        `position:${account.accountId}:${OCC}:1`,
      ].sort(),
    );
    // Stored in hundredths per contract: 3.00 × 100 × 100.
    expect(Number(stored.find((trade) => trade.isOptions)!.price)).toBe(30_000);

    await list.execute(call(ownerId, { traceId: trace.id }));
    await Promise.all([
      sync.execute(trace, { requestId: 'a', actor: devSignedActor({ userId: ownerId, isAdmin: false }) }),
      sync.execute(trace, { requestId: 'b', actor: devSignedActor({ userId: ownerId, isAdmin: false }) }),
      sync.execute(trace, { requestId: 'c', actor: devSignedActor({ userId: ownerId, isAdmin: false }) }),
    ]);
    expect(await tradesOf(trace.id)).toHaveLength(3);
    expect((await traceRow(trace.id)).totalTrades).toBe(3);
  });

  it('without a brokerage (not registered, or no account) answers the stored trades', async () => {
    const ownerId = randomUUID();
    const trace = await createTrace(dataSource.manager, {
      ownerUserId: ownerId,
      name: 'None',
      handle: `no_${randomUUID().slice(0, 8)}`,
    });
    BROKERAGE.set(ownerId, 'unregistered');
    expect(await list.execute(call(ownerId, { traceId: trace.id }))).toEqual({
      trades: [],
      totalCount: 0,
      sharedCount: 0,
    });
  });

  it('a-position-gone-closes-its-trade with its realized P&L at the last known price, and statistics follow', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    await list.execute(call(ownerId, { traceId: trace.id }));
    account.positions = [stock('MSFT', 10, 420, 400), stock('NVDA', 5, 90, 100), call240(2, 4.25, 3)];
    await list.execute(call(ownerId, { traceId: trace.id })); // last known prices: MSFT 420, NVDA 90, call 4.25
    account.positions = [stock('MSFT', 10, 420, 400)];
    const after = await list.execute(call(ownerId, { traceId: trace.id }));
    expect(after.trades.map((trade) => trade.symbol)).toEqual(['MSFT']);
    const closed = (await tradesOf(trace.id)).filter((trade) => trade.status === 'closed');
    expect(closed).toHaveLength(2);
    const nvda = closed.find((trade) => trade.symbol === 'NVDA')!;
    const option = closed.find((trade) => trade.isOptions)!;
    // (exit − entry) × quantity × multiplier: (90 − 100) × 5 = −50; (4.25 − 3.00) × 2 × 100 = +250.
    expect(nvda).toMatchObject({ ownerStatus: 'closed', realizedPnl: '-50.00' });
    expect(Number(nvda.currentPrice)).toBe(90);
    expect(option).toMatchObject({ ownerStatus: 'closed', realizedPnl: '250.00' });
    expect(toTradeView(nvda)).toMatchObject({ status: 'closed', realizedPnl: -50 });
    expect(toTradeView(option)).toMatchObject({ status: 'closed', realizedPnl: 250 });
    // Each close published TradeClosed once, as the owner sell and the fill consumer do (prices per share).
    expect((await closedEvents(nvda.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({
        tradeId: nvda.id,
        traceId: trace.id,
        ownerUserId: ownerId,
        symbol: 'NVDA',
        quantity: '5',
        entryPrice: '100',
        exitPrice: '90',
        realizedPnl: '-50',
        reason: 'closed',
        isShared: false,
        brokerageOrderId: null,
        optionsTicker: null,
        contractMultiplier: 1,
      }),
    ]);
    expect((await closedEvents(option.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({
        ...CALL_240_EVENT_FIELDS,
        exitPrice: '4.25',
        realizedPnl: '250',
        reason: 'closed',
      }),
    ]);
    const stats = await traceRow(trace.id);
    expect(stats.totalTrades).toBe(3);
    expect(Number(stats.winRate)).toBe(50);
    expect(stats.profitableTrades).toBe(1);

    // Held again later: a new lot, the closed one is never reopened.
    account.positions = [stock('MSFT', 10, 420, 400), stock('NVDA', 3, 95, 95)];
    await list.execute(call(ownerId, { traceId: trace.id }));
    const nvdaTrades = (await tradesOf(trace.id)).filter((trade) => trade.symbol === 'NVDA');
    expect(nvdaTrades.map((trade) => [trade.sourceKey, trade.status])).toEqual([
      [`position:${account.accountId}:NVDA:1`, 'closed'],
      [`position:${account.accountId}:NVDA:2`, 'open'],
    ]);
    // Later syncs, however many and concurrent, never publish a closed trade's TradeClosed again.
    await Promise.all([1, 2, 3].map(() => list.execute(call(ownerId, { traceId: trace.id }))));
    expect(await closedEvents(nvda.id)).toHaveLength(1);
    expect(await closedEvents(option.id)).toHaveLength(1);
  });

  it('a shared trade whose position is gone closes with TradeClosed after its TradeShared; a trade a fill closed first gets none from the sync', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    const { trades } = await list.execute(call(ownerId, { traceId: trace.id }));
    const nvda = trades.find((trade) => trade.symbol === 'NVDA')!;
    const msft = trades.find((trade) => trade.symbol === 'MSFT')!;
    await share.execute(call(ownerId, { traceId: trace.id, snaptradeTradeId: nvda.id, minTier: 'basic' }));
    // MSFT is sold at the brokerage (all of it): the fill closes the trade before any sync sees the position gone.
    await dataSource.transaction((manager) =>
      fills.apply(
        orderFilled({
          userId: ownerId,
          accountId: account.accountId,
          action: 'SELL',
          symbol: 'MSFT',
          underlying: 'MSFT',
          filledQuantity: '10',
          averagePrice: '415',
        }),
        manager,
      ),
    );
    account.positions = [call240(2, 3.5, 3)];
    await list.execute(call(ownerId, { traceId: trace.id }));
    expect((await tradeEvents(dataSource, nvda.id)).map((row) => [row.subject, row.version])).toEqual([
      [TradeShared.subject, 1],
      [TradeClosed.subject, 2],
    ]);
    expect((await closedEvents(nvda.id))[0]!.data).toMatchObject({ isShared: true, reason: 'closed' });
    expect((await closedEvents(msft.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ reason: 'sold', exitPrice: '415', realizedPnl: '150' }),
    ]);
  });
});

describe('owner only', () => {
  it('every owner call is refused to anyone but the owner (admins included) and 404 for an unknown trace', async () => {
    const { ownerId, trace } = await ownerWithAccount();
    await list.execute(call(ownerId, { traceId: trace.id }));
    const [trade] = await tradesOf(trace.id);
    const stranger = randomUUID();
    const admin = randomUUID();
    for (const [userId, isAdmin] of [
      [stranger, false],
      [admin, true],
    ] as const) {
      expect(await outcome(list.execute(call(userId, { traceId: trace.id }, isAdmin)))).toBe('403 NOT_TRACE_OWNER');
      expect(await outcome(cleanup.execute(call(userId, { traceId: trace.id }, isAdmin)))).toBe('403 NOT_TRACE_OWNER');
      expect(
        await outcome(
          share.execute(call(userId, { traceId: trace.id, snaptradeTradeId: trade!.id, minTier: 'free' }, isAdmin)),
        ),
      ).toBe('403 NOT_TRACE_OWNER');
    }
    expect(await outcome(list.execute(call(ownerId, { traceId: randomUUID() })))).toBe('404 TRACE_NOT_FOUND');
    expect((await tradesOf(trace.id)).every((row) => !row.isShared)).toBe(true);
    expect(reads.filter((userId) => userId === stranger || userId === admin)).toEqual([]);
  });
});

describe('share', () => {
  const outboxOf = (tradeId: string) => tradeEvents(dataSource, tradeId);

  it('shares once (private → shared) with TradeShared in the outbox; twice, concurrently or later, is 409', async () => {
    const { ownerId, trace } = await ownerWithAccount();
    const { trades } = await list.execute(call(ownerId, { traceId: trace.id }));
    const option = trades.find((trade) => trade.isOptions)!;
    const attempt = () =>
      share.execute(
        call(ownerId, {
          traceId: trace.id,
          snaptradeTradeId: option.id,
          minTier: 'premium',
          strategy: 'Breakout',
          confidence: 'High',
          notes: 'Over the range high',
        }),
      );
    const outcomes = await Promise.all([outcome(attempt()), outcome(attempt())]);
    expect(outcomes.sort()).toEqual(['409 TRADE_ALREADY_SHARED', 'ok']);
    expect(await outcome(attempt())).toBe('409 TRADE_ALREADY_SHARED');

    const events = await outboxOf(option.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ subject: TradeShared.subject, version: 1 });
    expect(events[0]!.envelope.data).toEqual({
      tradeId: option.id,
      traceId: trace.id,
      ownerUserId: ownerId,
      symbol: 'AAPL',
      side: 'buy',
      quantity: '2',
      entryPrice: '3',
      isOptions: true,
      optionType: 'call',
      optionsTicker: OCC,
      strikePrice: '240',
      expirationDate: EXPIRY,
      contractMultiplier: 100,
      requiredTier: 'premium',
      strategy: 'Breakout',
      confidence: 'High',
      notes: 'Over the range high',
      sharedAt: expect.any(String),
    });
    const after = await list.execute(call(ownerId, { traceId: trace.id }));
    expect(after.sharedCount).toBe(1);
    expect(after.trades.find((trade) => trade.id === option.id)).toMatchObject({
      isShared: true,
      requiredTier: 'premium',
    });
  });

  it('a closed trade, or a trade of another trace, is refused and nothing is published', async () => {
    const { ownerId, trace } = await ownerWithAccount();
    const other = await ownerWithAccount();
    await list.execute(call(other.ownerId, { traceId: other.trace.id }));
    const [foreign] = await tradesOf(other.trace.id);
    await addClosedTrade(trace.id, 'TSLA', 200, 210);
    const closed = (await tradesOf(trace.id)).find((trade) => trade.symbol === 'TSLA')!;
    expect(closed.ownerStatus).toBe('closed'); // the database keeps owner_status in step with status
    const tryShare = (tradeId: string) =>
      outcome(share.execute(call(ownerId, { traceId: trace.id, snaptradeTradeId: tradeId, minTier: 'basic' })));
    expect(await tryShare(closed.id)).toBe('409 TRADE_NOT_OPEN');
    expect(await tryShare(foreign!.id)).toBe('404 TRADE_NOT_FOUND');
    expect(await outboxOf(closed.id)).toEqual([]);
    expect(await outboxOf(foreign!.id)).toEqual([]);
  });
});

describe('cleanup', () => {
  it('deletes unshared trades no longer held and counts the shared ones whose position is gone', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    const { trades } = await list.execute(call(ownerId, { traceId: trace.id }));
    const nvda = trades.find((trade) => trade.symbol === 'NVDA')!;
    await share.execute(call(ownerId, { traceId: trace.id, snaptradeTradeId: nvda.id, minTier: 'free' }));
    await addClosedTrade(trace.id, 'OLD', 10, 12);
    account.positions = [stock('MSFT', 10, 410, 400)]; // NVDA (shared) and the call (unshared) are gone

    const results = await cleanup.execute(call(ownerId, { traceId: trace.id }));
    expect(results).toEqual({ deletedUnsharedTrades: 1, updatedOrphanedSharedTrades: 1 });
    const left = await tradesOf(trace.id);
    expect(left.map((trade) => [trade.symbol, trade.status, trade.isShared])).toEqual([
      ['MSFT', 'open', false],
      ['NVDA', 'closed', true],
      ['OLD', 'closed', false], // not from the brokerage: never touched
    ]);
    expect((await traceRow(trace.id)).totalTrades).toBe(3);
    expect(await cleanup.execute(call(ownerId, { traceId: trace.id }))).toEqual({
      deletedUnsharedTrades: 0,
      updatedOrphanedSharedTrades: 0,
    });
  });
});

describe('OrderFilled', () => {
  const fill = (userId: string, accountId: string, overrides: Partial<OrderFilledV1> = {}) =>
    orderFilled({ userId, accountId, ...overrides });

  it('a buy fill becomes the owner trade keyed by its order id; the next sync and a redelivery keep one', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    await list.execute(call(ownerId, { traceId: trace.id }));
    const event = fill(ownerId, account.accountId);
    await dataSource.transaction((manager) => fills.apply(event, manager));
    const amd = (await tradesOf(trace.id)).filter((trade) => trade.symbol === 'AMD');
    expect(amd).toHaveLength(1);
    expect(amd[0]).toMatchObject({
      sourceKey: `order:${event.data.brokerageOrderId}`,
      ownerStatus: 'filled',
      status: 'open',
      side: 'buy',
      brokerageAccountId: account.accountId,
    });
    expect(Number(amd[0]!.quantity)).toBe(4);
    expect(Number(amd[0]!.price)).toBe(150.5);

    // The brokerage now lists the order and the position: the sync finds the same key.
    account.positions.push(stock('AMD', 4, 152, 150.5));
    account.orders.push(buyOrder(event.data.brokerageOrderId!, 'AMD', 4, 150.5, event.data.filledAt));
    await dataSource.transaction((manager) => fills.apply(event, manager));
    await list.execute(call(ownerId, { traceId: trace.id }));
    const after = (await tradesOf(trace.id)).filter((trade) => trade.symbol === 'AMD');
    expect(after).toHaveLength(1);
    expect(Number(after[0]!.currentPrice)).toBe(152);
    expect((await traceRow(trace.id)).totalTrades).toBe(4);
  });

  it('an option fill is stored per contract in hundredths; a sell of everything held closes it as sold', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    const occ = buildOccSymbol({ underlying: 'SPY', optionType: 'PUT', strikePrice: '500', expirationDate: EXPIRY });
    const option = {
      symbol: occ,
      underlying: 'SPY',
      optionType: 'put' as const,
      strikePrice: '500',
      expirationDate: EXPIRY,
      contractMultiplier: 100,
    };
    await dataSource.transaction((manager) =>
      fills.apply(fill(ownerId, account.accountId, { ...option, filledQuantity: '3', averagePrice: '2.1' }), manager),
    );
    const [put] = (await tradesOf(trace.id)).filter((trade) => trade.symbol === 'SPY');
    expect(put).toMatchObject({ isOptions: true, optionsTicker: occ, optionType: 'put', contractMultiplier: 100 });
    expect(Number(put!.price)).toBe(21_000);

    await dataSource.transaction((manager) =>
      fills.apply(
        fill(ownerId, account.accountId, { ...option, action: 'SELL', filledQuantity: '3', averagePrice: '2.6' }),
        manager,
      ),
    );
    const sold = await dataSource.getRepository(TradeEntity).findOneByOrFail({ id: put!.id });
    // (2.60 − 2.10) × 3 × 100 = 150.
    expect(sold).toMatchObject({ status: 'closed', ownerStatus: 'sold', realizedPnl: '150.00' });
    expect((await closedEvents(put!.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({
        symbol: 'SPY',
        optionsTicker: occ,
        optionType: 'put',
        strikePrice: '500',
        expirationDate: EXPIRY,
        contractMultiplier: 100,
        entryPrice: '2.1',
        exitPrice: '2.6',
        realizedPnl: '150',
        reason: 'sold',
      }),
    ]);
  });

  it('a fill of a user who owns no trace, and OrderUpdated of orders no owner sell placed, change nothing', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    await list.execute(call(ownerId, { traceId: trace.id }));
    const trades = async () =>
      JSON.stringify(await dataSource.getRepository(TradeEntity).find({ order: { id: 'ASC' } }));
    const outboxRows = async () =>
      ((await dataSource.query(`SELECT count(*)::int AS n FROM traces.outbox`)) as [{ n: number }])[0].n;
    const [before, eventsBefore] = [await trades(), await outboxRows()];
    await dataSource.transaction((manager) => fills.apply(fill(randomUUID(), 'acc'), manager));
    for (const update of [
      orderUpdated({ userId: ownerId, accountId: account.accountId, requestId: randomUUID() }),
      orderUpdated({
        userId: ownerId,
        accountId: account.accountId,
        requestId: randomUUID(),
        symbol: 'MSFT',
        state: 'PARTIALLY_FILLED',
        filledQuantity: '4',
        averagePrice: '415',
        providerStatus: 'PARTIAL_CANCELED',
      }),
      orderUpdated({ userId: ownerId, accountId: account.accountId, requestId: randomUUID(), action: 'BUY' }),
    ])
      await dataSource.transaction((manager) => fills.apply(update as EventEnvelope<never>, manager));
    expect(await trades()).toBe(before);
    expect(await outboxRows()).toBe(eventsBefore);
  });
});

describe('auto-share (Privacy & Sharing: autoShareProfitableTrades — shared once they are profitable)', () => {
  const privacy = (ownerId: string, traceId: string, autoShareProfitableTrades: boolean, defaultSharingTier = 'vip') =>
    new UpdateOwnerSettingsUseCase(dataSource).privacy(
      call(ownerId, { traceId, autoShareProfitableTrades, defaultSharingTier } as never),
    );
  const outboxCount = async (traceId: string) =>
    (
      (await dataSource.query(
        `SELECT count(*)::int AS n FROM traces.outbox WHERE envelope -> 'data' ->> 'traceId' = $1`,
        [traceId],
      )) as [{ n: number }]
    )[0].n;
  const syncNow = (ownerId: string, trace: TraceEntity) =>
    sync.execute(trace, { requestId: randomUUID(), actor: devSignedActor({ userId: ownerId, isAdmin: false }) });
  const PUT_OCC = buildOccSymbol({ underlying: 'AAPL', optionType: 'PUT', strikePrice: '200', expirationDate: EXPIRY });
  const put200 = (quantity: number, price: number, averagePurchasePrice: number): PositionView => ({
    ...call240(quantity, price, averagePurchasePrice),
    optionsTicker: PUT_OCC,
    optionType: 'put',
    strikePrice: 200,
  });
  /**
   * Besides the three trades in profit (MSFT 410 > 400, NVDA 120 > 100, the call 3.50 > 3.00 a contract): a short
   * in profit (TSLA sold at 200, now 180), and four that are not — INTC losing (30 < 35), KO flat (60 = 60), a short
   * losing (XOM sold at 100, now 110) and the AAPL 200 put losing (1.80 < 2.50 a contract).
   */
  async function ownerWithMixedAccount() {
    const owner = await ownerWithAccount();
    owner.account.positions.push(
      stock('TSLA', -3, 180, 200),
      stock('INTC', 20, 30, 35),
      stock('KO', 3, 60, 60),
      stock('XOM', -2, 110, 100),
      put200(1, 1.8, 2.5),
    );
    return owner;
  }
  const PROFITABLE = ['AAPL call', 'MSFT', 'NVDA', 'TSLA'];
  const nameOf = (trade: TradeEntity) => (trade.isOptions ? `AAPL ${trade.optionType}` : trade.symbol);
  const sharedNames = async (traceId: string) =>
    (await tradesOf(traceId))
      .filter((trade) => trade.isShared)
      .map(nameOf)
      .sort();
  const bySymbol = async (traceId: string) =>
    Object.fromEntries((await tradesOf(traceId)).map((trade) => [nameOf(trade), trade]));

  it('on: a sync shares only the open trades in profit at their current price (buys above, shorts below entry), each with one TradeShared; concurrent syncs share nothing twice', async () => {
    const { ownerId, trace } = await ownerWithMixedAccount();
    await privacy(ownerId, trace.id, true, 'vip');
    const outcomes = await Promise.all([1, 2, 3].map(() => syncNow(ownerId, trace)));
    expect(outcomes.reduce((total, { inserted }) => total + inserted, 0)).toBe(8);
    expect(outcomes.reduce((total, { autoShared }) => total + autoShared, 0)).toBe(4);

    const trades = await tradesOf(trace.id);
    expect(trades).toHaveLength(8);
    expect(await sharedNames(trace.id)).toEqual(PROFITABLE);
    for (const trade of trades) {
      const events = (await sharedEvents(trade.id)).map((event) => event.data);
      if (!PROFITABLE.includes(nameOf(trade))) {
        expect(trade).toMatchObject({ isShared: false, requiredTier: null, sharedAt: null });
        expect(events).toEqual([]);
        continue;
      }
      expect(trade).toMatchObject({ isShared: true, requiredTier: 'vip' });
      expect(events).toEqual([
        expect.objectContaining({
          tradeId: trade.id,
          traceId: trace.id,
          ownerUserId: ownerId,
          side: trade.side,
          requiredTier: 'vip',
          quantity: String(Number(trade.quantity)),
          strategy: 'Unknown',
          confidence: 'Medium',
          notes: null,
        }),
      ]);
    }
    const symbols = await bySymbol(trace.id);
    expect(symbols.TSLA).toMatchObject({ side: 'sell', isShared: true });
    expect(symbols.XOM).toMatchObject({ side: 'sell', isShared: false });
    expect((await sharedEvents(symbols['AAPL call']!.id))[0]!.data).toMatchObject({
      isOptions: true,
      ...CALL_240_EVENT_FIELDS,
    });

    const list3 = await Promise.all([1, 2, 3].map(() => list.execute(call(ownerId, { traceId: trace.id }))));
    expect(list3.map((reply) => [reply.totalCount, reply.sharedCount])).toEqual([
      [8, 4],
      [8, 4],
      [8, 4],
    ]);
    for (const trade of trades) expect(await sharedEvents(trade.id)).toHaveLength(trade.isShared ? 1 : 0);
    expect(
      await outcome(
        share.execute(call(ownerId, { traceId: trace.id, snaptradeTradeId: symbols.MSFT!.id, minTier: 'free' })),
      ),
    ).toBe('409 TRADE_ALREADY_SHARED');
  });

  it('on: a losing trade is shared by the sync that finds it in profit, at the tier of that moment, once; a shared trade that turns losing stays shared', async () => {
    const { ownerId, trace, account } = await ownerWithMixedAccount();
    await privacy(ownerId, trace.id, true, 'vip');
    await syncNow(ownerId, trace);
    const before = await bySymbol(trace.id);

    // INTC 30 → 36 (above 35), XOM 110 → 90 (a short below 100), the put 1.80 → 2.60 (above 2.50); KO stays flat;
    // MSFT falls to 390 (below its 400) after it was shared.
    await privacy(ownerId, trace.id, true, 'basic');
    account.positions = [
      stock('MSFT', 10, 390, 400),
      stock('NVDA', 5, 120, 100),
      call240(2, 3.5, 3),
      stock('TSLA', -3, 180, 200),
      stock('INTC', 20, 36, 35),
      stock('KO', 3, 60, 60),
      stock('XOM', -2, 90, 100),
      put200(1, 2.6, 2.5),
    ];
    const outcomes = await Promise.all([1, 2, 3].map(() => syncNow(ownerId, trace)));
    expect(outcomes.reduce((total, { autoShared }) => total + autoShared, 0)).toBe(3);
    expect(await sharedNames(trace.id)).toEqual(['AAPL call', 'AAPL put', 'INTC', 'MSFT', 'NVDA', 'TSLA', 'XOM']);
    const after = await bySymbol(trace.id);
    for (const name of ['INTC', 'XOM', 'AAPL put']) {
      expect(after[name]!.id).toBe(before[name]!.id);
      expect(after[name]).toMatchObject({ isShared: true, requiredTier: 'basic' });
      expect((await sharedEvents(after[name]!.id)).map((event) => event.data.requiredTier)).toEqual(['basic']);
    }
    expect(Number(after.MSFT!.currentPrice)).toBe(390);
    expect(after.MSFT).toMatchObject({ isShared: true, requiredTier: 'vip' });
    expect(after.KO).toMatchObject({ isShared: false, requiredTier: null });
    expect(await sharedEvents(after.KO!.id)).toEqual([]);

    // Back to losing: nothing is unshared, nothing published again.
    account.positions = account.positions.map((position) =>
      position.symbol === 'INTC' ? stock('INTC', 20, 25, 35) : position,
    );
    expect(await syncNow(ownerId, trace)).toMatchObject({ autoShared: 0 });
    expect((await bySymbol(trace.id)).INTC).toMatchObject({ isShared: true, requiredTier: 'basic' });
    for (const trade of await tradesOf(trace.id))
      expect(await sharedEvents(trade.id)).toHaveLength(trade.isShared ? 1 : 0);
  });

  it('on: a buy fill at its own price is not shared; the sync that reprices it above its entry shares it once', async () => {
    const { ownerId, trace, account } = await ownerWithAccount();
    account.positions = [];
    account.orders = [];
    await privacy(ownerId, trace.id, true, 'premium');
    const event = orderFilled({ userId: ownerId, accountId: account.accountId });
    await dataSource.transaction((manager) => fills.apply(event, manager));
    const [amd] = await tradesOf(trace.id);
    expect(amd).toMatchObject({ symbol: 'AMD', isShared: false });
    expect([Number(amd!.price), Number(amd!.currentPrice)]).toEqual([150.5, 150.5]);
    expect(await outboxCount(trace.id)).toBe(0);

    // The next sync finds AMD held at 152 (its order not in the provider's list yet, so the fill's trade is only
    // repriced): the trade, now in profit, is shared.
    account.positions.push(stock('AMD', 4, 152, 150.5));
    const requestId = randomUUID();
    expect(
      await sync.execute(trace, { requestId, actor: devSignedActor({ userId: ownerId, isAdmin: false }) }),
    ).toMatchObject({
      inserted: 0,
      autoShared: 1,
    });
    const [shared] = await tradesOf(trace.id);
    expect(shared).toMatchObject({ id: amd!.id, isShared: true, requiredTier: 'premium' });
    expect(shared!.sharedAt).toBeInstanceOf(Date);
    expect(await sharedEvents(amd!.id)).toEqual([
      expect.objectContaining({
        correlationId: requestId,
        data: expect.objectContaining({
          symbol: 'AMD',
          side: 'buy',
          quantity: '4',
          entryPrice: '150.5',
          requiredTier: 'premium',
        }),
      }),
    ]);

    // The fill redelivered (its price again), the order in the list, more syncs: still shared, published once.
    await dataSource.transaction((manager) => fills.apply(event, manager));
    account.orders.push(buyOrder(event.data.brokerageOrderId!, 'AMD', 4, 150.5, event.data.filledAt));
    await Promise.all([1, 2].map(() => syncNow(ownerId, trace)));
    expect(await tradesOf(trace.id)).toHaveLength(1);
    expect((await tradesOf(trace.id))[0]).toMatchObject({ isShared: true });
    expect(await sharedEvents(amd!.id)).toHaveLength(1);
  });

  it('turned on later: the trades already in profit are shared by the next fill or sync (not those it closes), caused by it', async () => {
    const { ownerId, trace, account } = await ownerWithMixedAccount();
    await syncNow(ownerId, trace); // off: nothing shared
    await privacy(ownerId, trace.id, true, 'free');
    expect(await outboxCount(trace.id)).toBe(0);

    // A fill of another instrument comes first: it shares the trades in profit it finds, under the trace's lock.
    const event = orderFilled({ userId: ownerId, accountId: account.accountId });
    await dataSource.transaction((manager) => fills.apply(event, manager));
    expect(await sharedNames(trace.id)).toEqual(PROFITABLE);
    for (const trade of (await tradesOf(trace.id)).filter((trade) => trade.isShared))
      expect(await sharedEvents(trade.id)).toEqual([
        expect.objectContaining({ causationId: event.id, data: expect.objectContaining({ requiredTier: 'free' }) }),
      ]);

    // Another trace of the same kind, turned on with NVDA sold meanwhile: the sync closes NVDA and shares the rest.
    const second = await ownerWithMixedAccount();
    await syncNow(second.ownerId, second.trace);
    await privacy(second.ownerId, second.trace.id, true, 'free');
    second.account.positions = second.account.positions.filter((position) => position.symbol !== 'NVDA');
    expect(await syncNow(second.ownerId, second.trace)).toMatchObject({ autoShared: 3 });
    expect(await sharedNames(second.trace.id)).toEqual(['AAPL call', 'MSFT', 'TSLA']);
    expect((await bySymbol(second.trace.id)).NVDA).toMatchObject({ status: 'closed', isShared: false });
  });

  it('off (the default): trades from a sync or a fill stay private, in profit or not, and nothing is published', async () => {
    const { ownerId, trace, account } = await ownerWithMixedAccount();
    await privacy(ownerId, trace.id, false, 'free');
    expect(await syncNow(ownerId, trace)).toMatchObject({ inserted: 8, autoShared: 0 });
    await dataSource.transaction((manager) =>
      fills.apply(orderFilled({ userId: ownerId, accountId: account.accountId }), manager),
    );
    const trades = await tradesOf(trace.id);
    expect(trades).toHaveLength(9);
    expect(trades.every((trade) => !trade.isShared && trade.requiredTier === null)).toBe(true);
    expect(await outboxCount(trace.id)).toBe(0);
  });

  it('the share commits with the sync: a sync whose transaction rolls back leaves neither trades nor TradeShared', async () => {
    const { ownerId, trace, account } = await ownerWithMixedAccount();
    await privacy(ownerId, trace.id, true);
    await expect(
      dataSource.transaction(async (manager) => {
        const outcome = await sync.apply(manager, trace.id, account, {
          correlationId: randomUUID(),
          readAt: new Date().toISOString(),
        });
        expect(outcome).toMatchObject({ inserted: 8, autoShared: 4 });
        expect(await outboxCount(trace.id)).toBe(0); // not visible outside the transaction
        throw new Error('rolled back after the sync');
      }),
    ).rejects.toThrow('rolled back after the sync');
    expect(await tradesOf(trace.id)).toEqual([]);
    expect(await outboxCount(trace.id)).toBe(0);
  });
});
