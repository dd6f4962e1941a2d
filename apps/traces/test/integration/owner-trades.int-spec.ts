import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Payload, RpcException, type ClientProxy } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageRpc,
  OrderFilled,
  OrderUpdated,
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
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import {
  natsRpcClientOptions,
  natsRpcServerOptions,
  OutboxWriter,
  RpcClient,
  runServiceMigrations,
} from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { BrokerageReader } from '../../src/modules/owner-trades/brokerage-reader';
import { OrderFilledHandler } from '../../src/modules/owner-trades/handlers/order-filled.handler';
import { CleanupOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/cleanup-owner-trades.use-case';
import { ListOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/list-owner-trades.use-case';
import { ShareTradeUseCase } from '../../src/modules/owner-trades/use-cases/share-trade.use-case';
import { SyncOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/sync-owner-trades.use-case';
import { TraceEntity, TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { toTradeView } from '../../src/modules/shared/trace-views';
import { addTrades } from '../../src/modules/shared/trade-writer';

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
    this.ownOnly(request);
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
    this.ownOnly(request);
    return { positions: (BROKERAGE.get(request.payload.userId) as Account).positions };
  }

  @MessagePattern(BrokerageRpc.listOrders)
  orders(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListOrdersRpcReply {
    this.ownOnly(request);
    return { orders: (BROKERAGE.get(request.payload.userId) as Account).orders };
  }

  /** The brokerage answers only the actor's own data. */
  private ownOnly(request: RpcRequest<{ userId: string }>) {
    if (request.actor?.userId !== request.payload.userId) throw new Error('not your account');
  }
}
@Module({ controllers: [StandInBrokerage] })
class StandInBrokerageModule {}

let database: TestDatabase;
let nats: PrivateNats;
let brokerage: INestMicroservice;
let client: ClientProxy;
let dataSource: DataSource;
let sync: SyncOwnerTradesUseCase;
let list: ListOwnerTradesUseCase;
let cleanup: CleanupOwnerTradesUseCase;
let share: ShareTradeUseCase;
let fills: OrderFilledHandler;

beforeAll(async () => {
  database = await createTestDatabase('traces_owner_trades');
  await runServiceMigrations(tracesDataSourceOptions(database.url));
  nats = await startPrivateNats();
  brokerage = await NestFactory.createMicroservice(StandInBrokerageModule, {
    ...natsRpcServerOptions(nats.url, 'brokerage'),
    logger: false,
  });
  await brokerage.listen();
  dataSource = new DataSource(tracesDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, 'traces-owner-trades-test'));
  sync = new SyncOwnerTradesUseCase(dataSource, new BrokerageReader(new RpcClient(client)));
  list = new ListOwnerTradesUseCase(dataSource, sync);
  cleanup = new CleanupOwnerTradesUseCase(dataSource, sync);
  share = new ShareTradeUseCase(dataSource, new OutboxWriter({ schema: 'traces', producer: 'traces' }), {
    kick: () => undefined,
  } as never);
  fills = new OrderFilledHandler(
    { register: async () => undefined } as never,
    new OutboxWriter({ schema: 'traces', producer: 'traces' }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await brokerage?.close();
  await dataSource?.destroy();
  await nats?.stop();
  await database?.drop();
});

const call = <T>(userId: string, payload: T, isAdmin = false): RpcRequest<T> => ({
  requestId: randomUUID(),
  actor: { userId, isAdmin },
  payload,
});
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

const EXPIRY = '2030-01-18';
const OCC = buildOccSymbol({ underlying: 'AAPL', optionType: 'CALL', strikePrice: '240', expirationDate: EXPIRY });
const stock = (symbol: string, quantity: number, price: number, averagePurchasePrice: number): PositionView => ({
  symbol,
  description: null,
  quantity,
  price,
  value: quantity * price,
  averagePurchasePrice,
  currency: 'USD',
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
});
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
const buyOrder = (id: string, symbol: string, quantity: number, executionPrice: number, at: string): OrderView => ({
  id,
  symbol,
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  action: 'BUY',
  orderType: 'Market',
  timeInForce: 'Day',
  status: 'EXECUTED',
  quantity,
  filledQuantity: quantity,
  executionPrice,
  timePlaced: at,
  timeExecuted: at,
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
      sync.execute(trace, { requestId: 'a', actor: { userId: ownerId, isAdmin: false } }),
      sync.execute(trace, { requestId: 'b', actor: { userId: ownerId, isAdmin: false } }),
      sync.execute(trace, { requestId: 'c', actor: { userId: ownerId, isAdmin: false } }),
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
  const outboxOf = (tradeId: string) =>
    dataSource.query(
      `SELECT subject, aggregate_version::int AS version, envelope FROM traces.outbox WHERE aggregate_id = $1`,
      [`trade:${tradeId}`],
    ) as Promise<Array<{ subject: string; version: number; envelope: EventEnvelope<Record<string, unknown>> }>>;

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
    await dataSource.transaction((manager) =>
      addTrades(manager, trace.id, [
        {
          symbol: 'TSLA',
          side: 'buy',
          quantity: 1,
          price: 200,
          currentPrice: 210,
          status: 'closed',
          executedAt: new Date(),
        },
      ]),
    );
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
    await dataSource.transaction((manager) =>
      addTrades(manager, trace.id, [
        {
          symbol: 'OLD',
          side: 'buy',
          quantity: 1,
          price: 10,
          currentPrice: 12,
          status: 'closed',
          executedAt: new Date(),
        },
      ]),
    );
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
  const fill = (
    userId: string,
    accountId: string,
    overrides: Partial<OrderFilledV1> = {},
  ): EventEnvelope<OrderFilledV1> => ({
    id: randomUUID(),
    type: OrderFilled.type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'brokerage',
    correlationId: 'req',
    aggregateId: `order-intent:${randomUUID()}`,
    aggregateVersion: 3,
    data: {
      intentId: randomUUID(),
      userId,
      accountId,
      provider: 'paper',
      brokerageOrderId: `ord-${randomUUID()}`,
      action: 'BUY',
      symbol: 'AMD',
      underlying: 'AMD',
      optionType: null,
      strikePrice: null,
      expirationDate: null,
      contractMultiplier: 1,
      filledQuantity: '4',
      averagePrice: '150.5',
      filledAt: new Date().toISOString(),
      ...overrides,
    },
  });

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
  });

  it('a fill of a user who owns no trace, and OrderUpdated of the same aggregate, change nothing', async () => {
    const before = await dataSource.getRepository(TradeEntity).count();
    await dataSource.transaction((manager) => fills.apply(fill(randomUUID(), 'acc'), manager));
    await dataSource.transaction((manager) =>
      fills.apply({ ...fill(randomUUID(), 'acc'), type: OrderUpdated.type } as EventEnvelope<OrderFilledV1>, manager),
    );
    expect(await dataSource.getRepository(TradeEntity).count()).toBe(before);
  });
});
