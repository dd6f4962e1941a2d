import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Payload, RpcException, type ClientProxy } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageRpc,
  OrderFilled,
  TradeClosed,
  type AccountScopedRpcRequest,
  type ConnectionRpcRequest,
  type EventEnvelope,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListPositionsRpcReply,
  type OrderFilledV1,
  type PlacedOrderView,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
  type PositionView,
  type RefreshConnectionRpcReply,
  type RpcRequest,
  type SellPositionRpcPayload,
  type TradeClosedV1,
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
import type { TracesConfig } from '../../src/config/traces.config';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { RefreshBrokerageUseCase } from '../../src/modules/owner-sell/use-cases/refresh-brokerage.use-case';
import { SellOwnerPositionUseCase } from '../../src/modules/owner-sell/use-cases/sell-owner-position.use-case';
import { BrokerageReader } from '../../src/modules/owner-trades/brokerage-reader';
import { OrderFilledHandler } from '../../src/modules/owner-trades/handlers/order-filled.handler';
import { SyncOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/sync-owner-trades.use-case';
import { TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { upsertSourcedTrades } from '../../src/modules/shared/trade-writer';

/**
 * The owner's sell and real-time refresh against real PostgreSQL (the real migrations) and a stand-in for the
 * brokerage service on a private nats-server: it places each (user, request id) once, like the brokerage's
 * idempotency, and fills at `FILL_PRICE` unless `FILL_MODE` says otherwise.
 */
interface Account {
  accountId: string;
  connectionId: string;
  positions: PositionView[];
  charged?: boolean;
  refusal?: { status: number; code: string; message: string };
}
const BROKERAGE = new Map<string, Account>();
const ORDERS = new Map<string, PlacedOrderView>();
const placeCalls: string[] = [];
const refreshCalls: string[] = [];
let FILL_MODE: 'filled' | 'submitted' | 'market-closed' = 'filled';
const FILL_PRICE = 112.5;

@Controller()
class StandInBrokerage {
  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    this.ownOnly(request);
    const account = BROKERAGE.get(request.payload.userId);
    return {
      accounts: account
        ? [
            { id: account.accountId, connection_id: account.connectionId } as ListAccountsRpcReply['accounts'][number],
            { id: `second-${account.accountId}`, connection_id: account.connectionId } as never,
          ]
        : [],
    };
  }

  @MessagePattern(BrokerageRpc.listPositions)
  positions(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListPositionsRpcReply {
    this.ownOnly(request);
    return { positions: BROKERAGE.get(request.payload.userId)!.positions };
  }

  @MessagePattern(BrokerageRpc.listOrders)
  orders(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListOrdersRpcReply {
    this.ownOnly(request);
    return { orders: [] };
  }

  @MessagePattern(BrokerageRpc.refreshConnection)
  refresh(@Payload() request: RpcRequest<ConnectionRpcRequest>): RefreshConnectionRpcReply {
    this.ownOnly(request);
    const account = BROKERAGE.get(request.payload.userId)!;
    if (account.connectionId !== request.payload.connectionId) throw new Error('wrong connection');
    if (account.refusal) throw new RpcException(account.refusal);
    refreshCalls.push(request.payload.userId);
    return { detail: 'scheduled', charged: account.charged ?? false };
  }

  @MessagePattern(BrokerageRpc.placeOrder)
  place(@Payload() request: RpcRequest<PlaceOrderRpcRequest>): PlaceOrderRpcReply {
    this.ownOnly(request);
    placeCalls.push(request.payload.requestId);
    const key = `${request.payload.userId}:${request.payload.requestId}`;
    const seen = ORDERS.get(key);
    if (seen) return { order: seen, replayed: true };
    if (FILL_MODE === 'market-closed')
      throw new RpcException({
        status: 422,
        code: BrokerageErrorCode.MARKET_CLOSED,
        message: 'The market is closed.',
        details: { isMarketHoursRestriction: true },
      });
    const { order } = request.payload;
    const filled = FILL_MODE === 'filled';
    const placed: PlacedOrderView = {
      requestId: request.payload.requestId,
      accountId: request.payload.accountId ?? null,
      state: filled ? 'FILLED' : 'SUBMITTED',
      clientOrderId: randomUUID(),
      brokerageOrderId: `B-${ORDERS.size + 1}`,
      action: order.action,
      symbol: order.symbol,
      quantity: order.quantity,
      isOptions: Boolean(order.isOptions),
      optionsTicker: order.optionsTicker ?? null,
      filledQuantity: filled ? order.quantity : 0,
      executionPrice: filled ? FILL_PRICE : null,
      providerStatus: filled ? 'EXECUTED' : 'PENDING',
      final: filled,
      placedAt: new Date().toISOString(),
    };
    ORDERS.set(key, placed);
    return { order: placed, replayed: false };
  }

  @MessagePattern(BrokerageRpc.getPlacedOrder)
  get(@Payload() request: RpcRequest<GetPlacedOrderRpcRequest>): GetPlacedOrderRpcReply {
    this.ownOnly(request);
    return { order: ORDERS.get(`${request.payload.userId}:${request.payload.requestId}`) ?? null };
  }

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
let refresh: RefreshBrokerageUseCase;
let sell: SellOwnerPositionUseCase;
let fills: OrderFilledHandler;
const outbox = new OutboxWriter({ schema: 'traces', producer: 'traces' });

beforeAll(async () => {
  database = await createTestDatabase('traces_owner_sell');
  await runServiceMigrations(tracesDataSourceOptions(database.url));
  nats = await startPrivateNats();
  brokerage = await NestFactory.createMicroservice(StandInBrokerageModule, {
    ...natsRpcServerOptions(nats.url, 'brokerage'),
    logger: false,
  });
  await brokerage.listen();
  dataSource = new DataSource({ ...tracesDataSourceOptions(database.url), poolSize: 25 } as DataSourceOptions);
  await dataSource.initialize();
  client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, 'traces-owner-sell-test'));
  const rpc = new RpcClient(client);
  const sync = new SyncOwnerTradesUseCase(dataSource, new BrokerageReader(rpc));
  refresh = new RefreshBrokerageUseCase(dataSource, rpc, sync, {
    REFRESH_BROKERAGE_COOLDOWN_SECONDS: 180,
  } as TracesConfig);
  sell = new SellOwnerPositionUseCase(dataSource, rpc, outbox, { kick: () => undefined } as never);
  fills = new OrderFilledHandler({ register: async () => undefined } as never, outbox);
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
const closedEvents = async (tradeId: string) =>
  (
    (await dataSource.query(`SELECT subject, envelope FROM traces.outbox WHERE aggregate_id = $1 AND subject = $2`, [
      `trade:${tradeId}`,
      TradeClosed.subject,
    ])) as Array<{ envelope: EventEnvelope<TradeClosedV1> }>
  ).map((row) => row.envelope.data);

const msft = (quantity: number): PositionView => ({
  symbol: 'MSFT',
  description: null,
  quantity,
  price: 110,
  value: quantity * 110,
  averagePurchasePrice: 100,
  currency: 'USD',
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
});

/** An owner with a trace and a paper account holding 10 MSFT bought at 100, as one trade (shared unless told). */
async function ownerWithTrade(shared = true) {
  const ownerId = randomUUID();
  const account: Account = { accountId: `acc-${randomUUID()}`, connectionId: randomUUID(), positions: [msft(10)] };
  BROKERAGE.set(ownerId, account);
  const trace = await createTrace(dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Owner sells',
    handle: `sell_${randomUUID().slice(0, 8)}`,
  });
  await dataSource.transaction((manager) =>
    upsertSourcedTrades(manager, trace.id, [
      {
        sourceKey: `order:${randomUUID()}`,
        brokerageAccountId: account.accountId,
        ownerStatus: 'filled',
        symbol: 'MSFT',
        side: 'buy',
        quantity: '10',
        price: '100',
        currentPrice: '110',
        executedAt: new Date('2026-01-05T15:00:00Z'),
        isOptions: false,
        optionType: null,
        optionsTicker: null,
        strikePrice: null,
        expirationDate: null,
        contractMultiplier: 1,
      },
    ]),
  );
  const trade = await dataSource.manager.findOneByOrFail(TradeEntity, { traceId: trace.id });
  if (shared) await dataSource.manager.update(TradeEntity, { id: trade.id }, { isShared: true, requiredTier: 'free' });
  return { ownerId, account, trace, trade };
}

const sellOf = (
  owner: { account: Account; trace: { id: string } },
  requestId: string,
  overrides: Partial<SellPositionRpcPayload['positionData']> = {},
): SellPositionRpcPayload => ({
  accountId: owner.account.accountId,
  requestId,
  positionData: {
    symbol: 'MSFT',
    quantity: 10,
    isOptions: false,
    orderType: 'Market',
    price: null,
    traceId: owner.trace.id,
    ...overrides,
  },
});

describe('refresh-brokerage', () => {
  it('refresh-limiter-is-atomic: of 20 concurrent refreshes exactly one passes, the others are 429 with retryAfter', async () => {
    const owner = await ownerWithTrade();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => refresh.execute(call(owner.ownerId, { traceId: owner.trace.id }))),
    );
    const passed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected'
        ? [result.reason as { status: number; code: string; details: { retryAfter: number } }]
        : [],
    );
    expect(passed).toHaveLength(1);
    expect(passed[0]).toMatchObject({ value: { cost: 0, message: expect.stringContaining('no charge') } });
    expect(refused).toHaveLength(19);
    for (const refusal of refused) {
      expect(refusal).toMatchObject({ status: 429, code: 'REFRESH_RATE_LIMITED' });
      expect(refusal.details.retryAfter).toBeGreaterThan(170);
      expect(refusal.details.retryAfter).toBeLessThanOrEqual(180);
    }
    expect(refreshCalls.filter((userId) => userId === owner.ownerId)).toHaveLength(1);
    // Still refused afterwards; a charging provider says its cost.
    expect(await outcome(refresh.execute(call(owner.ownerId, { traceId: owner.trace.id })))).toBe(
      '429 REFRESH_RATE_LIMITED',
    );
  });

  it('costs $0.05 where the provider charges, and the sync after it keeps the trades current', async () => {
    const owner = await ownerWithTrade();
    owner.account.charged = true;
    owner.account.positions = [{ ...msft(10), price: 121 }];
    await expect(refresh.execute(call(owner.ownerId, { traceId: owner.trace.id }))).resolves.toEqual({
      cost: 0.05,
      message: expect.stringContaining('$0.05 charged'),
    });
    expect(Number((await dataSource.manager.findOneByOrFail(TradeEntity, { id: owner.trade.id })).currentPrice)).toBe(
      121,
    );
  });

  it('404 without a connection (twice: a refusal does not use the cooldown); 402 for credits; owner only', async () => {
    const owner = await ownerWithTrade();
    BROKERAGE.delete(owner.ownerId);
    for (let attempt = 0; attempt < 2; attempt++)
      await expect(refresh.execute(call(owner.ownerId, { traceId: owner.trace.id }))).rejects.toMatchObject({
        status: 404,
        code: 'CONNECTION_NOT_FOUND',
        message: 'Please reconnect your brokerage account in Settings',
      });
    BROKERAGE.set(owner.ownerId, {
      ...owner.account,
      refusal: { status: 402, code: 'PROVIDER_PAYMENT_REQUIRED', message: 'No credits' },
    });
    await expect(refresh.execute(call(owner.ownerId, { traceId: owner.trace.id }))).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      message: "Your account doesn't have enough credits for real-time refresh ($0.05 required)",
    });
    BROKERAGE.set(owner.ownerId, { ...owner.account, refusal: undefined });
    expect(await outcome(refresh.execute(call(randomUUID(), { traceId: owner.trace.id })))).toBe('403 NOT_TRACE_OWNER');
    expect(await outcome(refresh.execute(call(randomUUID(), { traceId: owner.trace.id }, true)))).toBe(
      '403 NOT_TRACE_OWNER',
    );
    expect(await outcome(refresh.execute(call(owner.ownerId, { traceId: randomUUID() })))).toBe('404 TRACE_NOT_FOUND');
    expect(await outcome(refresh.execute(call(owner.ownerId, { traceId: owner.trace.id })))).toBe('ok');
  });
});

describe('owner sell', () => {
  beforeEach(() => {
    FILL_MODE = 'filled';
  });

  it('sell-is-idempotent: the same request id twice places one order, closes the trade as sold once, one TradeClosed', async () => {
    const owner = await ownerWithTrade();
    const requestId = `sell-${randomUUID()}`;
    const first = await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    const again = await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    expect(first).toMatchObject({ status: 'filled', replayed: false, order: { executionPrice: FILL_PRICE } });
    expect(again).toMatchObject({ status: 'filled', replayed: true });
    expect(again.order.brokerageOrderId).toBe(first.order.brokerageOrderId);
    expect([...ORDERS.keys()].filter((key) => key.startsWith(owner.ownerId))).toHaveLength(1);

    const trade = await dataSource.manager.findOneByOrFail(TradeEntity, { id: owner.trade.id });
    expect(trade).toMatchObject({
      status: 'closed',
      ownerStatus: 'sold',
      currentPrice: '112.5000',
      realizedPnl: '125.00',
    });
    // The fill event of the same order (the brokerage publishes it too) closes nothing twice.
    const fill: EventEnvelope<OrderFilledV1> = {
      id: randomUUID(),
      type: OrderFilled.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'brokerage',
      correlationId: randomUUID(),
      data: {
        intentId: randomUUID(),
        userId: owner.ownerId,
        accountId: owner.account.accountId,
        provider: 'paper',
        requestId,
        brokerageOrderId: first.order.brokerageOrderId,
        action: 'SELL',
        symbol: 'MSFT',
        underlying: 'MSFT',
        optionType: null,
        strikePrice: null,
        expirationDate: null,
        contractMultiplier: 1,
        filledQuantity: '10',
        averagePrice: String(FILL_PRICE),
        filledAt: new Date().toISOString(),
      },
    };
    await dataSource.transaction((manager) => fills.apply(fill, manager));
    const events = await closedEvents(owner.trade.id);
    expect(events).toEqual([
      expect.objectContaining({
        tradeId: owner.trade.id,
        traceId: owner.trace.id,
        ownerUserId: owner.ownerId,
        reason: 'sold',
        quantity: '10',
        entryPrice: '100',
        exitPrice: '112.5',
        realizedPnl: '125',
        brokerageOrderId: first.order.brokerageOrderId,
      }),
    ]);
    // Trace statistics follow the close.
    const [stats] = (await dataSource.query(`SELECT total_trades::int AS n FROM traces.traces WHERE id = $1`, [
      owner.trace.id,
    ])) as Array<{ n: number }>;
    expect(stats.n).toBeGreaterThanOrEqual(1);
  });

  it('a pending sell closes its trade when OrderFilled arrives later (matched by request id), once', async () => {
    const owner = await ownerWithTrade();
    FILL_MODE = 'submitted';
    const requestId = `sell-${randomUUID()}`;
    const answer = await sell.execute(call(owner.ownerId, sellOf(owner, requestId, { quantity: 4 })));
    expect(answer.status).toBe('pending');
    expect((await dataSource.manager.findOneByOrFail(TradeEntity, { id: owner.trade.id })).status).toBe('open');
    // Another request id may not sell the same trade while this one awaits its fill.
    expect(await outcome(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`))))).toBe(
      '409 SELL_IN_PROGRESS',
    );
    const fill = (): EventEnvelope<OrderFilledV1> => ({
      id: randomUUID(),
      type: OrderFilled.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'brokerage',
      correlationId: randomUUID(),
      data: {
        intentId: randomUUID(),
        userId: owner.ownerId,
        accountId: owner.account.accountId,
        provider: 'paper',
        requestId,
        brokerageOrderId: answer.order.brokerageOrderId,
        action: 'SELL',
        symbol: 'MSFT',
        underlying: 'MSFT',
        optionType: null,
        strikePrice: null,
        expirationDate: null,
        contractMultiplier: 1,
        filledQuantity: '4',
        averagePrice: '90',
        filledAt: new Date().toISOString(),
      },
    });
    await dataSource.transaction((manager) => fills.apply(fill(), manager));
    await dataSource.transaction((manager) => fills.apply(fill(), manager));
    const trade = await dataSource.manager.findOneByOrFail(TradeEntity, { id: owner.trade.id });
    expect(trade).toMatchObject({ status: 'closed', ownerStatus: 'sold', quantity: '4.000000', realizedPnl: '-40.00' });
    expect(await closedEvents(owner.trade.id)).toEqual([
      expect.objectContaining({ reason: 'sold', quantity: '4', exitPrice: '90', realizedPnl: '-40' }),
    ]);
  });

  it('refuses a non-owner, a foreign account, an unshared trade and a quantity above the trade, placing nothing', async () => {
    const owner = await ownerWithTrade();
    const unshared = await ownerWithTrade(false);
    const before = placeCalls.length;
    const stranger = randomUUID();
    BROKERAGE.set(stranger, { accountId: `acc-${randomUUID()}`, connectionId: randomUUID(), positions: [] });
    expect(
      await outcome(
        sell.execute(
          call(stranger, { ...sellOf(owner, `sell-${randomUUID()}`), accountId: BROKERAGE.get(stranger)!.accountId }),
        ),
      ),
    ).toBe('403 NOT_TRACE_OWNER');
    expect(
      await outcome(
        sell.execute(
          call(owner.ownerId, {
            ...sellOf(owner, `sell-${randomUUID()}`),
            accountId: `second-${owner.account.accountId}`,
          }),
        ),
      ),
    ).toBe('403 ACCOUNT_NOT_OWN');
    expect(
      await outcome(
        sell.execute(call(owner.ownerId, { ...sellOf(owner, `sell-${randomUUID()}`), accountId: 'someone-else' })),
      ),
    ).toBe('403 ACCOUNT_NOT_OWN');
    expect(await outcome(sell.execute(call(unshared.ownerId, sellOf(unshared, `sell-${randomUUID()}`))))).toBe(
      '409 TRADE_NOT_SHARED',
    );
    await expect(
      sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`, { quantity: 11 }))),
    ).rejects.toMatchObject({
      status: 422,
      code: 'QUANTITY_TOO_LARGE',
      message: 'Please enter a valid quantity between 1 and 10',
    });
    expect(
      await outcome(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`, { symbol: 'AAPL' })))),
    ).toBe('404 TRADE_NOT_FOUND');
    expect(placeCalls.length).toBe(before);
    expect((await dataSource.manager.findOneByOrFail(TradeEntity, { id: owner.trade.id })).status).toBe('open');
    expect(await closedEvents(owner.trade.id)).toEqual([]);
  });

  it('a market-hours refusal carries the seed failure fields, leaves the trade open, and a new request id may try again', async () => {
    const owner = await ownerWithTrade();
    FILL_MODE = 'market-closed';
    await expect(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`)))).rejects.toMatchObject({
      status: 422,
      code: 'MARKET_CLOSED',
      details: {
        isMarketHoursRestriction: true,
        errorCode: 'MARKET_CLOSED',
        canRetry: true,
        technical: expect.any(String),
      },
    });
    expect((await dataSource.manager.findOneByOrFail(TradeEntity, { id: owner.trade.id })).status).toBe('open');
    FILL_MODE = 'filled';
    await expect(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`)))).resolves.toMatchObject({
      status: 'filled',
    });
    expect(await closedEvents(owner.trade.id)).toHaveLength(1);
  });
});
