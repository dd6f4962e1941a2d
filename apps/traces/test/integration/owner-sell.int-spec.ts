import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageRpc,
  TradeClosed,
  type AccountScopedRpcRequest,
  type ConnectionRpcRequest,
  type EventEnvelope,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListPositionsRpcReply,
  type OrderUpdatedV1,
  type OrderView,
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
import { DurableEventConsumer, ensureEventsStream, OutboxRelay } from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import type { DataSource } from 'typeorm';
import type { TracesConfig } from '../../src/config/traces.config';
import { findOwnerSell } from '../../src/modules/owner-sell/owner-sells.store';
import { RefreshBrokerageUseCase } from '../../src/modules/owner-sell/use-cases/refresh-brokerage.use-case';
import { SellOwnerPositionUseCase } from '../../src/modules/owner-sell/use-cases/sell-owner-position.use-case';
import { BrokerageReader } from '../../src/modules/owner-trades/brokerage-reader';
import {
  ORDER_EVENTS,
  ORDER_FILLED_DURABLE,
  OrderFilledHandler,
} from '../../src/modules/owner-trades/handlers/order-filled.handler';
import { SyncOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/sync-owner-trades.use-case';
import { TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { toTradeView } from '../../src/modules/shared/trace-views';
import { upsertSourcedTrades } from '../../src/modules/shared/trade-writer';
import { assertOwnAccount, buyOrder, orderFilled, orderUpdated, stockPosition } from '../support/brokerage-fixtures';
import { call, idleRelay, outcome, tracesOutbox, tradeEvents, useTracesTestEnv } from '../support/traces-test-env';

/**
 * The owner's sell and real-time refresh against real PostgreSQL (the real migrations) and a stand-in for the
 * brokerage service on a private nats-server: it places each (user, request id) once, like the brokerage's
 * idempotency, and answers as `FILL_MODE` says — filled at `FILL_PRICE`, accepted and pending, refused for market
 * hours, or ended partly filled (`PARTIAL_UNITS` sold, the rest canceled). The order events that follow (OrderUpdated,
 * OrderFilled) are the tests' to send: to the consumer's handler directly, or through JetStream.
 */
interface Account {
  accountId: string;
  connectionId: string;
  positions: PositionView[];
  orders: OrderView[];
  charged?: boolean;
  refusal?: { status: number; code: string; message: string };
}
const BROKERAGE = new Map<string, Account>();
const ORDERS = new Map<string, PlacedOrderView>();
const placeCalls: string[] = [];
const refreshCalls: string[] = [];
let FILL_MODE: 'filled' | 'submitted' | 'market-closed' | 'partial' = 'filled';
const FILL_PRICE = 112.5;
let PARTIAL_UNITS = 4;

@Controller()
class StandInBrokerage {
  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    assertOwnAccount(request);
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
    assertOwnAccount(request);
    return { positions: BROKERAGE.get(request.payload.userId)!.positions };
  }

  @MessagePattern(BrokerageRpc.listOrders)
  orders(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListOrdersRpcReply {
    assertOwnAccount(request);
    return { orders: BROKERAGE.get(request.payload.userId)!.orders };
  }

  @MessagePattern(BrokerageRpc.refreshConnection)
  refresh(@Payload() request: RpcRequest<ConnectionRpcRequest>): RefreshConnectionRpcReply {
    assertOwnAccount(request);
    const account = BROKERAGE.get(request.payload.userId)!;
    if (account.connectionId !== request.payload.connectionId) throw new Error('wrong connection');
    if (account.refusal) throw new RpcException(account.refusal);
    refreshCalls.push(request.payload.userId);
    return { detail: 'scheduled', charged: account.charged ?? false };
  }

  @MessagePattern(BrokerageRpc.placeOrder)
  place(@Payload() request: RpcRequest<PlaceOrderRpcRequest>): PlaceOrderRpcReply {
    assertOwnAccount(request);
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
    const filled = { filled: order.quantity, partial: PARTIAL_UNITS, submitted: 0 }[FILL_MODE];
    const placed: PlacedOrderView = {
      requestId: request.payload.requestId,
      accountId: request.payload.accountId ?? null,
      state: ({ filled: 'FILLED', partial: 'PARTIALLY_FILLED', submitted: 'SUBMITTED' } as const)[FILL_MODE],
      clientOrderId: randomUUID(),
      brokerageOrderId: `B-${ORDERS.size + 1}`,
      action: order.action,
      symbol: order.symbol,
      quantity: order.quantity,
      isOptions: Boolean(order.isOptions),
      optionsTicker: order.optionsTicker ?? null,
      limitPrice: null,
      timeInForce: null,
      filledQuantity: filled,
      executionPrice: filled > 0 ? FILL_PRICE : null,
      providerStatus: { filled: 'EXECUTED', partial: 'PARTIAL_CANCELED', submitted: 'PENDING' }[FILL_MODE],
      final: FILL_MODE !== 'submitted',
      placedAt: new Date().toISOString(),
    };
    ORDERS.set(key, placed);
    return { order: placed, replayed: false };
  }

  @MessagePattern(BrokerageRpc.getPlacedOrder)
  get(@Payload() request: RpcRequest<GetPlacedOrderRpcRequest>): GetPlacedOrderRpcReply {
    assertOwnAccount(request);
    return { order: ORDERS.get(`${request.payload.userId}:${request.payload.requestId}`) ?? null };
  }
}
@Module({ controllers: [StandInBrokerage] })
class StandInBrokerageModule {}

const env = useTracesTestEnv('traces_owner_sell', {
  standIn: { module: StandInBrokerageModule, service: 'brokerage' },
  poolSize: 25,
});
let dataSource: DataSource;
let refresh: RefreshBrokerageUseCase;
let sell: SellOwnerPositionUseCase;
let sync: SyncOwnerTradesUseCase;
let fills: OrderFilledHandler;
const outbox = tracesOutbox();

beforeAll(() => {
  dataSource = env.dataSource;
  sync = new SyncOwnerTradesUseCase(dataSource, new BrokerageReader(env.rpc), outbox);
  refresh = new RefreshBrokerageUseCase(dataSource, env.rpc, sync, {
    REFRESH_BROKERAGE_COOLDOWN_SECONDS: 180,
  } as TracesConfig);
  sell = new SellOwnerPositionUseCase(dataSource, env.rpc, outbox, idleRelay);
  fills = new OrderFilledHandler({ register: async () => undefined } as never, outbox);
});

const closedEvents = async (tradeId: string) =>
  (await tradeEvents<TradeClosedV1>(dataSource, tradeId, TradeClosed.subject)).map((row) => row.envelope.data);
const tradeRow = (id: string) => dataSource.manager.findOneByOrFail(TradeEntity, { id });
/** The owner's trade closed as sold, with exactly one TradeClosed saying so. */
const expectSoldOnce = async (
  owner: { trade: { id: string } },
  closed: { quantity: string; exitPrice: string; realizedPnl: string },
) => {
  expect(await tradeRow(owner.trade.id)).toMatchObject({
    status: 'closed',
    ownerStatus: 'sold',
    quantity: Number(closed.quantity).toFixed(6),
    realizedPnl: Number(closed.realizedPnl).toFixed(2),
  });
  expect(await closedEvents(owner.trade.id)).toEqual([expect.objectContaining({ reason: 'sold', ...closed })]);
};
const sellRow = async (ownerId: string, requestId: string) =>
  (await findOwnerSell(dataSource.manager, ownerId, requestId))!;
/** Applies an order event as the consumer does: in its own transaction. */
const deliver = (event: EventEnvelope<unknown>) =>
  dataSource.transaction((manager) => fills.apply(event as EventEnvelope<never>, manager));

const msft = (quantity: number): PositionView => stockPosition('MSFT', quantity, 110, 100);

/**
 * An owner with a trace and a paper account holding 10 MSFT bought at 100 by one listed order, as one trade (keyed
 * by that order, as a sync keys it; shared unless told).
 */
async function ownerWithTrade(shared = true) {
  const ownerId = randomUUID();
  const orderId = randomUUID();
  const account: Account = {
    accountId: `acc-${randomUUID()}`,
    connectionId: randomUUID(),
    positions: [msft(10)],
    orders: [buyOrder(orderId, 'MSFT', 10, 100, '2026-01-05T15:00:00.000Z')],
  };
  BROKERAGE.set(ownerId, account);
  const trace = await createTrace(dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Owner sells',
    handle: `sell_${randomUUID().slice(0, 8)}`,
  });
  await dataSource.transaction((manager) =>
    upsertSourcedTrades(manager, trace.id, [
      {
        sourceKey: `order:${orderId}`,
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
type Owner = Awaited<ReturnType<typeof ownerWithTrade>>;

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
/** The brokerage's events of an owner's sell placed with `requestId`. */
const sellUpdated = (owner: Owner, requestId: string, data: Partial<OrderUpdatedV1>, version = 2) =>
  orderUpdated({ userId: owner.ownerId, accountId: owner.account.accountId, requestId, ...data }, version);
const sellFilled = (owner: Owner, requestId: string, filledQuantity: string, averagePrice: string, version = 3) =>
  orderFilled(
    {
      userId: owner.ownerId,
      accountId: owner.account.accountId,
      requestId,
      action: 'SELL',
      symbol: 'MSFT',
      underlying: 'MSFT',
      filledQuantity,
      averagePrice,
    },
    version,
  );

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

    expect(await tradeRow(owner.trade.id)).toMatchObject({
      status: 'closed',
      ownerStatus: 'sold',
      currentPrice: '112.5000',
      realizedPnl: '125.00',
    });
    expect(await sellRow(owner.ownerId, requestId)).toMatchObject({
      state: 'filled',
      filledQuantity: '10.000000',
      failureReason: null,
    });
    // The order events of the same order (the brokerage publishes them too) close nothing twice.
    await deliver(sellUpdated(owner, requestId, { state: 'FILLED', filledQuantity: '10', averagePrice: '112.5' }));
    await deliver(sellFilled(owner, requestId, '10', String(FILL_PRICE)));
    expect(await closedEvents(owner.trade.id)).toEqual([
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
    const answer = await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    expect(answer.status).toBe('pending');
    expect((await tradeRow(owner.trade.id)).status).toBe('open');
    expect(await sellRow(owner.ownerId, requestId)).toMatchObject({
      state: 'pending',
      brokerageOrderId: 'B-' + ORDERS.size,
    });
    // Another request id may not sell the same trade while this one awaits its fill.
    expect(await outcome(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`))))).toBe(
      '409 SELL_IN_PROGRESS',
    );
    await deliver(sellFilled(owner, requestId, '10', '90'));
    await deliver(sellFilled(owner, requestId, '10', '90'));
    await expectSoldOnce(owner, { quantity: '10', exitPrice: '90', realizedPnl: '-100' });
  });

  it('refuses a non-owner, a foreign account, an unshared trade and a quantity above the trade, placing nothing', async () => {
    const owner = await ownerWithTrade();
    const unshared = await ownerWithTrade(false);
    const before = placeCalls.length;
    const stranger = randomUUID();
    BROKERAGE.set(stranger, {
      accountId: `acc-${randomUUID()}`,
      connectionId: randomUUID(),
      positions: [],
      orders: [],
    });
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

  it('a market-hours refusal carries the sell failure fields, leaves the trade open, and a new request id may try again', async () => {
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

describe('an owner sell the brokerage ends without filling (OrderUpdated)', () => {
  beforeEach(() => {
    FILL_MODE = 'submitted';
  });

  it.each([
    ['CANCELED', 'CANCELED', 'The brokerage reports the order canceled (CANCELED).'],
    ['EXPIRED', 'EXPIRED', 'The brokerage reports the order expired (EXPIRED).'],
    ['REJECTED', 'REJECTED', 'The brokerage reports the order rejected (REJECTED).'],
  ] as const)(
    'a pending sell ended %s is failed with the reason, the trade left open and unpublished; a new request id may sell it',
    async (state, providerStatus, reason) => {
      const owner = await ownerWithTrade();
      const requestId = `sell-${randomUUID()}`;
      expect((await sell.execute(call(owner.ownerId, sellOf(owner, requestId)))).status).toBe('pending');
      // Not final yet (accepted, still working): nothing is decided.
      await deliver(sellUpdated(owner, requestId, { state: 'SUBMITTED', final: false, providerStatus: 'ACCEPTED' }, 2));
      expect((await sellRow(owner.ownerId, requestId)).state).toBe('pending');

      await deliver(sellUpdated(owner, requestId, { state, final: true, providerStatus }, 3));
      expect(await sellRow(owner.ownerId, requestId)).toMatchObject({
        state: 'failed',
        failureReason: reason,
        filledQuantity: '0.000000',
      });
      expect(await tradeRow(owner.trade.id)).toMatchObject({ status: 'open', quantity: '10.000000', isShared: true });
      expect(await closedEvents(owner.trade.id)).toEqual([]);

      // A retry of that request id gets the brokerage's outcome (not filled), never a second order.
      ORDERS.set(`${owner.ownerId}:${requestId}`, {
        ...ORDERS.get(`${owner.ownerId}:${requestId}`)!,
        state,
        providerStatus,
        final: true,
      });
      const placed = placeCalls.length;
      await expect(sell.execute(call(owner.ownerId, sellOf(owner, requestId)))).rejects.toMatchObject({
        status: 422,
        code: 'SELL_NOT_FILLED',
        details: { technical: reason, canRetry: true },
      });
      expect(ORDERS.get(`${owner.ownerId}:${requestId}`)!.state).toBe(state);
      expect(placeCalls.length).toBe(placed + 1);
      // A new request id sells the trade.
      FILL_MODE = 'filled';
      await expect(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`)))).resolves.toMatchObject({
        status: 'filled',
      });
      expect(await closedEvents(owner.trade.id)).toHaveLength(1);
    },
  );

  it('the failure never overrides a fill: a sell already settled stays filled whatever comes after', async () => {
    const owner = await ownerWithTrade();
    const requestId = `sell-${randomUUID()}`;
    await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    await deliver(sellFilled(owner, requestId, '10', '111'));
    await deliver(sellUpdated(owner, requestId, { state: 'CANCELED', providerStatus: 'CANCELED' }, 4));
    expect(await sellRow(owner.ownerId, requestId)).toMatchObject({ state: 'filled', failureReason: null });
    expect(await tradeRow(owner.trade.id)).toMatchObject({ status: 'closed', ownerStatus: 'sold' });
  });

  it('through JetStream: the durable consumer marks the canceled sell failed, and a later fill’s TradeClosed is published', async () => {
    const owner = await ownerWithTrade();
    const canceled = `sell-${randomUUID()}`;
    await sell.execute(call(owner.ownerId, sellOf(owner, canceled)));
    const nc: NatsConnection = await connect({ servers: env.natsUrl, name: 'owner-sell-test' });
    await ensureEventsStream(nc);
    const consumer = new DurableEventConsumer({
      dataSource,
      nc,
      schema: 'traces',
      durableName: ORDER_FILLED_DURABLE,
      filterSubject: ORDER_EVENTS,
      handler: (envelope, manager) => fills.apply(envelope as EventEnvelope<never>, manager),
      ackWaitMs: 5_000,
    });
    const relay = new OutboxRelay(dataSource, nc, { schema: 'traces', pollIntervalMs: 50 });
    const published: TradeClosedV1[] = [];
    const subscription = nc.subscribe(TradeClosed.subject, {
      callback: (_error, msg) => {
        // (The relay publishes the other tests' events too.)
        const { data } = msg.json() as EventEnvelope<TradeClosedV1>;
        if (data.tradeId === owner.trade.id) published.push(data);
      },
    });
    await consumer.start();
    relay.start();
    try {
      const publish = (event: EventEnvelope<unknown>) =>
        nc.publish(
          event.type === 'OrderFilled' ? 'events.brokerage.order.filled.v1' : 'events.brokerage.order.updated.v1',
          JSON.stringify(event),
        );
      const cancel = sellUpdated(owner, canceled, { state: 'CANCELED', providerStatus: 'CANCELED' }, 1);
      publish(cancel);
      await expectEventually(async () => expect((await sellRow(owner.ownerId, canceled)).state).toBe('failed'));
      expect(published).toEqual([]);

      const retried = `sell-${randomUUID()}`;
      await sell.execute(call(owner.ownerId, sellOf(owner, retried)));
      const intentId = randomUUID();
      publish(sellUpdated(owner, retried, { intentId, state: 'FILLED', filledQuantity: '10', averagePrice: '113' }, 1));
      publish({ ...sellFilled(owner, retried, '10', '113', 2), aggregateId: `order-intent:${intentId}` });
      await expectEventually(() =>
        expect(published).toEqual([
          expect.objectContaining({ tradeId: owner.trade.id, reason: 'sold', exitPrice: '113', realizedPnl: '130' }),
        ]),
      );
      expect(await sellRow(owner.ownerId, retried)).toMatchObject({ state: 'filled', filledQuantity: '10.000000' });
    } finally {
      subscription.unsubscribe();
      await consumer.stop();
      await relay.stop();
      await nc.drain();
    }
  });
});

describe('partial sells', () => {
  /** A sell of 10 ended PARTIAL_CANCELED with `sold` units: the trade open with the rest, nothing published. */
  const expectPartlySold = async (
    owner: Owner,
    requestId: string,
    { sold, left, realizedPnl }: { sold: string; left: string; realizedPnl: string },
  ) => {
    expect(await sellRow(owner.ownerId, requestId)).toMatchObject({
      state: 'partially_filled',
      filledQuantity: `${sold}.000000`,
      failureReason: `Sold ${sold} of 10. The brokerage reports the order partially filled (PARTIAL_CANCELED).`,
    });
    expect(await tradeRow(owner.trade.id)).toMatchObject({ status: 'open', quantity: `${left}.000000`, realizedPnl });
    expect(await closedEvents(owner.trade.id)).toEqual([]);
  };

  beforeEach(() => {
    FILL_MODE = 'filled';
    PARTIAL_UNITS = 4;
  });

  it('selling part of a trade leaves it open and shared with the rest, realized P&L of the part, no TradeClosed; selling the rest closes it once', async () => {
    const owner = await ownerWithTrade();
    const first = `sell-${randomUUID()}`;
    await expect(sell.execute(call(owner.ownerId, sellOf(owner, first, { quantity: 4 })))).resolves.toMatchObject({
      status: 'filled',
    });
    // (112.5 − 100) × 4 = 50 realized; 6 left, priced at the sale.
    expect(await tradeRow(owner.trade.id)).toMatchObject({
      status: 'open',
      ownerStatus: 'filled',
      isShared: true,
      quantity: '6.000000',
      currentPrice: '112.5000',
      realizedPnl: '50.00',
    });
    expect(await sellRow(owner.ownerId, first)).toMatchObject({ state: 'filled', filledQuantity: '4.000000' });
    expect(await closedEvents(owner.trade.id)).toEqual([]);
    // Subscribers see the trade still open: 6 held, 50 realized by the part sold, (112.5 − 100) × 6 unrealized.
    expect(toTradeView(await tradeRow(owner.trade.id))).toMatchObject({
      status: 'open',
      quantity: 6,
      realizedPnl: 50,
      unrealizedPnl: 75,
    });
    // More than is left is refused; what is left closes it.
    expect(await outcome(sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`))))).toBe(
      '422 QUANTITY_TOO_LARGE',
    );
    await sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`, { quantity: 6 })));
    // TradeClosed: the 6 closed now, the P&L of all 10 ((112.5 − 100) × 10).
    await expectSoldOnce(owner, { quantity: '6', exitPrice: '112.5', realizedPnl: '125' });
    expect(toTradeView(await tradeRow(owner.trade.id))).toMatchObject({ status: 'closed', realizedPnl: 125 });
  });

  it('an order that ends partly filled (PARTIAL_CANCELED) in the answer: partially_filled with the reason, the trade keeps the rest', async () => {
    const owner = await ownerWithTrade();
    FILL_MODE = 'partial';
    const requestId = `sell-${randomUUID()}`;
    const answer = await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    expect(answer).toMatchObject({ status: 'filled', order: { state: 'PARTIALLY_FILLED', filledQuantity: 4 } });
    await expectPartlySold(owner, requestId, { sold: '4', left: '6', realizedPnl: '50.00' });
    // The same request id again, and the brokerage's final OrderUpdated, change nothing more.
    await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    await deliver(
      sellUpdated(owner, requestId, {
        state: 'PARTIALLY_FILLED',
        filledQuantity: '4',
        averagePrice: '112.5',
        providerStatus: 'PARTIAL_CANCELED',
      }),
    );
    expect((await tradeRow(owner.trade.id)).quantity).toBe('6.000000');
  });

  it('a pending sell that ends partly filled (OrderUpdated only: no OrderFilled is published) keeps the rest open', async () => {
    const owner = await ownerWithTrade();
    FILL_MODE = 'submitted';
    const requestId = `sell-${randomUUID()}`;
    await sell.execute(call(owner.ownerId, sellOf(owner, requestId)));
    // Partly filled and still working: the trade is not touched yet.
    const partial = { state: 'PARTIALLY_FILLED', filledQuantity: '3', averagePrice: '105' } as const;
    await deliver(sellUpdated(owner, requestId, { ...partial, final: false, providerStatus: 'PARTIAL' }, 2));
    expect(await sellRow(owner.ownerId, requestId)).toMatchObject({ state: 'pending', filledQuantity: '0.000000' });
    expect((await tradeRow(owner.trade.id)).quantity).toBe('10.000000');
    await deliver(sellUpdated(owner, requestId, { ...partial, final: true, providerStatus: 'PARTIAL_CANCELED' }, 3));
    // (105 − 100) × 3 = 15.
    await expectPartlySold(owner, requestId, { sold: '3', left: '7', realizedPnl: '15.00' });
    // No longer awaiting a fill: a new sell of the rest is accepted.
    FILL_MODE = 'filled';
    await sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`, { quantity: 7 })));
    expect(await closedEvents(owner.trade.id)).toEqual([
      expect.objectContaining({ quantity: '7', realizedPnl: '102.5' }),
    ]);
  });

  it('a sync after a partial sell keeps the trade at what is left (the order filled 10, 4 were sold), never a second trade', async () => {
    const owner = await ownerWithTrade();
    await sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`, { quantity: 4 })));
    owner.account.positions = [msft(6)];
    await refresh.execute(call(owner.ownerId, { traceId: owner.trace.id }));
    const trades = await dataSource.manager.findBy(TradeEntity, { traceId: owner.trace.id });
    expect(trades.map((trade) => [trade.id, trade.status, trade.quantity])).toEqual([
      [owner.trade.id, 'open', '6.000000'],
    ]);
  });

  it('a sync whose snapshot was read before a sell settled leaves that instrument to the next sync', async () => {
    const owner = await ownerWithTrade();
    const [{ readAt }] = (await dataSource.query(`SELECT clock_timestamp()::text AS "readAt"`)) as [{ readAt: string }];
    const stale = { accountId: owner.account.accountId, positions: [msft(10)], orders: owner.account.orders };
    await sell.execute(call(owner.ownerId, sellOf(owner, `sell-${randomUUID()}`, { quantity: 4 })));
    await dataSource.transaction((manager) =>
      sync.apply(manager, owner.trace.id, stale, { correlationId: randomUUID(), readAt }),
    );
    const trades = await dataSource.manager.findBy(TradeEntity, { traceId: owner.trace.id });
    expect(trades.map((trade) => [trade.status, trade.quantity])).toEqual([['open', '6.000000']]);
  });
});
