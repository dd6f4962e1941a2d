import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module, type INestApplication } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  BrokerageRpc,
  CopyClosed,
  IdentityUsersRpc,
  MyCopiesErrorCode,
  MyCopiesMessages,
  OrderFilled,
  OwnerSellMessages,
  TracesCopyEligibilityRpc,
  type CopyableTradeView,
  type CopyClosedV1,
  type CopyEligibilityRpcPayload,
  type CopyEligibilityRpcReply,
  type CopyTradeRpcPayload,
  type EventEnvelope,
  type GetPlacedOrderRpcRequest,
  type ListAccountsRpcReply,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
  type PlacedOrderView,
  type PlaceOrderRpcRequest,
  type QuotesRpcRequest,
  type RpcRequest,
  type SellCopyRpcPayload,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { CopySellSweeper } from '../../src/modules/copies/copy-sell-sweeper';
import { insertCopySell } from '../../src/modules/copies/copy-sells.store';
import { CloseCopyUseCase } from '../../src/modules/copies/use-cases/close-copy.use-case';
import { CopyTradeUseCase } from '../../src/modules/copies/use-cases/copy-trade.use-case';
import { MyCopiesUseCase } from '../../src/modules/copies/use-cases/my-copies.use-case';
import { RefreshCopyPriceUseCase } from '../../src/modules/copies/use-cases/refresh-copy-price.use-case';
import { SellCopyUseCase } from '../../src/modules/copies/use-cases/sell-copy.use-case';
import { orderFilledEvent } from '../support/order-events';
import { startCopyEngine, type CopyEngineUnderTest } from '../support/copy-engine-under-test';
import { devSignedActor } from '@copytrade/nest';

/**
 * A follower's copies after the copy, through the real copy engine (app module, order-event consumer on JetStream)
 * on real PostgreSQL with the real migrations and a private nats-server: the sell of a copy, its close, My Copy
 * Trades' list, performance and price refresh. Copies are opened by the real copy saga. The brokerage stand-in is
 * idempotent per (user, request id) like the real one — a repeat while the first call is under way is 409
 * ORDER_IN_FLIGHT, after it the first order — and fills at the price set per symbol; it counts the orders it placed.
 */
jest.setTimeout(60_000);

const TRADES = new Map<string, CopyableTradeView>();
const ACCOUNTS = new Map<string, string>();
const PRICES = new Map<string, number>();
type StoredOrder = PlacedOrderView & { userId: string };
/** The brokerage's record dates each fill this long before it answers: an exit dated "now" is seen at once. */
const EXECUTED_AGO_MS = 30_000;
const executedAgo = (ms = EXECUTED_AGO_MS) => new Date(Date.now() - ms).toISOString();
const ORDERS = new Map<string, StoredOrder>();
const IN_FLIGHT = new Set<string>();
let SELL_MODE: 'filled' | 'submitted' | 'market-closed' | 'unavailable' = 'filled';

@Controller()
class StandIns {
  @MessagePattern(TracesCopyEligibilityRpc.check)
  eligibility(@Payload() request: RpcRequest<CopyEligibilityRpcPayload>): CopyEligibilityRpcReply {
    return { trade: TRADES.get(request.payload.tradeId)!, access: { role: 'subscriber', tier: 'vip' } };
  }

  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    const id = ACCOUNTS.get(request.payload.userId)!;
    return { accounts: [{ id } as ListAccountsRpcReply['accounts'][number]] };
  }

  @MessagePattern(BrokerageRpc.paperMarket)
  market() {
    return { market: { open: true, hoursMode: 'real', override: null }, quotes: [] };
  }

  @MessagePattern(BrokerageRpc.placeOrder)
  async place(@Payload() request: RpcRequest<PlaceOrderRpcRequest>) {
    const payload = request.payload;
    const key = `${payload.userId}:${payload.requestId}`;
    const seen = ORDERS.get(key);
    if (seen) return { order: seen, replayed: true };
    if (IN_FLIGHT.has(key))
      throw new RpcException({ status: 409, code: BrokerageErrorCode.ORDER_IN_FLIGHT, message: 'In flight' });
    IN_FLIGHT.add(key);
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sell = payload.order.action === 'SELL';
      // The brokerage unreachable: nothing placed, no answer.
      if (sell && SELL_MODE === 'unavailable')
        throw new RpcException({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Brokerage unavailable' });
      if (sell && SELL_MODE === 'market-closed')
        throw new RpcException({
          status: 422,
          code: BrokerageErrorCode.MARKET_CLOSED,
          message: BrokerageMessages.marketClosed,
        });
      const filled = !sell || SELL_MODE === 'filled';
      const symbol = payload.order.optionsTicker ?? payload.order.symbol;
      const order: StoredOrder = {
        userId: payload.userId,
        requestId: payload.requestId,
        accountId: payload.accountId ?? null,
        state: filled ? 'FILLED' : 'SUBMITTED',
        clientOrderId: randomUUID(),
        brokerageOrderId: `B-${randomUUID().slice(0, 8)}`,
        action: payload.order.action,
        symbol: payload.order.symbol,
        quantity: payload.order.quantity,
        isOptions: Boolean(payload.order.isOptions),
        optionsTicker: payload.order.optionsTicker ?? null,
        filledQuantity: filled ? payload.order.quantity : 0,
        executionPrice: filled ? PRICES.get(symbol)! : null,
        providerStatus: null,
        final: filled,
        placedAt: new Date().toISOString(),
        filledAt: filled ? executedAgo() : null,
      };
      ORDERS.set(key, order);
      return { order, replayed: false };
    } finally {
      IN_FLIGHT.delete(key);
    }
  }

  @MessagePattern(BrokerageRpc.getPlacedOrder)
  stored(@Payload() request: RpcRequest<GetPlacedOrderRpcRequest>) {
    return { order: ORDERS.get(`${request.payload.userId}:${request.payload.requestId}`) ?? null };
  }

  /** Identity's user lookup: every trader is named `trader_<first 8 of the id>`. */
  @MessagePattern(IdentityUsersRpc.lookup)
  lookup(@Payload() request: RpcRequest<LookupUsersRpcRequest>): LookupUsersRpcReply {
    return { users: request.payload.ids.map((id) => ({ id, username: `trader_${id.slice(0, 8)}`, email: null })) };
  }

  @MessagePattern(BrokerageRpc.getQuotes)
  quotes(@Payload() request: RpcRequest<QuotesRpcRequest>) {
    return {
      quotes: request.payload.symbols.map((symbol) => ({
        symbol,
        price: PRICES.get(symbol) ?? null,
        bid: null,
        ask: null,
      })),
    };
  }
}
@Module({ controllers: [StandIns] })
class StandInsModule {}

let engine: CopyEngineUnderTest;
let app: INestApplication;
let dataSource: DataSource;
let publisher: NatsConnection;

beforeAll(async () => {
  engine = await startCopyEngine('copy_engine_my_copies', StandInsModule, { COPY_BROKERAGE_LEASE_MS: '1000' });
  ({ app, dataSource } = engine);
  publisher = await connect({ servers: engine.nats.url });
}, 90_000);

afterAll(async () => {
  await publisher?.close();
  await engine?.stop();
});

beforeEach(() => {
  SELL_MODE = 'filled';
});

const actorOf = (userId: string) => devSignedActor({ userId, isAdmin: false });
const call = <T>(userId: string, payload: T) => ({ requestId: randomUUID(), actor: actorOf(userId), payload });

/** A follower with a connected brokerage. */
function follower() {
  const userId = randomUUID();
  const accountId = `acct-${randomUUID().slice(0, 8)}`;
  ACCOUNTS.set(userId, accountId);
  return { userId, accountId };
}

/** Opens a copy through the real saga: `quantity` of a shared trade, filled at `fillPrice`. */
async function openCopy(
  user: { userId: string; accountId: string },
  options: {
    quantity: number;
    fillPrice: number;
    symbol?: string;
    side?: 'buy' | 'sell';
    option?: { ticker: string; strike: string; type: 'call' | 'put' };
    traderPrice?: string;
  },
) {
  const symbol = options.symbol ?? `S${randomUUID().slice(0, 4).toUpperCase()}`;
  const tradeId = randomUUID();
  TRADES.set(tradeId, {
    id: tradeId,
    traceId: randomUUID(),
    traceName: 'Alpha',
    traceHandle: '@alpha',
    traceAvatar: null,
    ownerUserId: randomUUID(),
    symbol,
    side: options.side ?? 'buy',
    quantity: '10',
    entryPrice: options.traderPrice ?? String(options.fillPrice),
    currentPrice: String(options.fillPrice),
    isOptions: Boolean(options.option),
    optionType: options.option?.type ?? null,
    optionsTicker: options.option?.ticker ?? null,
    strikePrice: options.option?.strike ?? null,
    expirationDate: options.option ? '2026-03-20' : null,
    contractMultiplier: options.option ? 100 : 1,
    requiredTier: 'basic',
    sharedAt: '2026-01-05T15:30:00.000Z',
  });
  PRICES.set(options.option?.ticker ?? symbol, options.fillPrice);
  const payload: CopyTradeRpcPayload = {
    userId: user.userId,
    tradeId,
    accountId: user.accountId,
    copyAmount: 1_000_000,
    customQuantity: options.quantity,
    confirmRisks: true,
    requestId: `copy-${randomUUID()}`,
    maxCopyAmount: null,
  };
  const reply = await app.get(CopyTradeUseCase).execute(call(user.userId, payload));
  expect(reply.copyInstance.status).toBe('open');
  return { copyId: reply.copyInstance.id, symbol, tradeId, ticker: options.option?.ticker ?? symbol };
}

const sellBody = (
  user: { accountId: string },
  symbol: string,
  quantity: number,
  requestId = `sell-${randomUUID()}`,
): SellCopyRpcPayload => ({
  accountId: user.accountId,
  requestId,
  positionData: { symbol, quantity, orderType: 'Market', traceId: 'unknown' },
  confirmRisks: true,
});
const sell = (userId: string, payload: SellCopyRpcPayload) => app.get(SellCopyUseCase).execute(call(userId, payload));
const close = (userId: string, copyId: string, exitPrice: number | null, brokerageSellOrderId: string | null = null) =>
  app.get(CloseCopyUseCase).execute(call(userId, { copyId, clientExitPrice: exitPrice, brokerageSellOrderId }));

type Refusal = { status?: number; code?: string; message: string; details?: unknown };
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Refusal) => `${error.status} ${error.code} ${error.message}`,
  );
const copyClosedEvents = async (copyId: string) =>
  (
    (await dataSource.query(
      `SELECT subject, envelope FROM copy_engine.outbox WHERE aggregate_id = $1 AND subject = $2`,
      [`copy:${copyId}`, CopyClosed.subject],
    )) as Array<{ envelope: EventEnvelope<CopyClosedV1> }>
  ).map((row) => row.envelope.data);
const copyRow = async (copyId: string) =>
  (
    (await dataSource.query(
      `SELECT status, exit_price::float8 AS exit, realized_pnl::float8 AS pnl, client_exit_price::float8 AS client_exit,
              sell_order_id, closed_at FROM copy_engine.copy_instances WHERE id = $1`,
      [copyId],
    )) as Array<Record<string, unknown>>
  )[0];
const sellOrdersOf = (userId: string) =>
  [...ORDERS.values()].filter((order) => order.userId === userId && order.action === 'SELL');

describe('sell of a copied position', () => {
  it('20 concurrent retries with one request id place one sell order; the copy closes once with CopyClosed', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 5, fillPrice: 100 });
    PRICES.set(symbol, 112.5);
    const payload = sellBody(user, symbol, 5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => sell(user.userId, payload)));
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    // A retry meeting the first call under way at the brokerage is told so (the brokerage's own 409).
    for (const result of rejected) expect(result.reason.code).toBe(BrokerageErrorCode.ORDER_IN_FLIGHT);
    expect(sellOrdersOf(user.userId)).toHaveLength(1);
    const sells = (await dataSource.query(`SELECT status FROM copy_engine.copy_sells WHERE copy_id = $1`, [
      copyId,
    ])) as Array<{ status: string }>;
    expect(sells).toEqual([{ status: 'FILLED' }]);
    expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 112.5, pnl: 62.5 });
    await expectExitAt(copyId, sellOrdersOf(user.userId)[0]!.filledAt!);
    expect(await copyClosedEvents(copyId)).toEqual([
      expect.objectContaining({ copyId, exitPrice: '112.5', realizedPnl: '62.5', quantity: '5' }),
    ]);
    // Afterwards the same id answers the first order again; nothing new is placed or written.
    const again = await sell(user.userId, payload);
    expect(again).toMatchObject({ status: 'filled', replayed: true, message: OwnerSellMessages.sold(symbol) });
    expect(again.order.executionPrice).toBe(112.5);
    expect(sellOrdersOf(user.userId)).toHaveLength(1);
    expect(await copyClosedEvents(copyId)).toHaveLength(1);
  });

  it('a quantity above what the copy still holds is 422 with the maximum; a part sold lowers it', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 5, fillPrice: 50 });
    expect(await refusalOf(sell(user.userId, sellBody(user, symbol, 6)))).toBe(
      `422 QUANTITY_TOO_LARGE ${OwnerSellMessages.quantityTooLarge(5)}`,
    );
    await sell(user.userId, sellBody(user, symbol, 2));
    expect(await refusalOf(sell(user.userId, sellBody(user, symbol, 4)))).toBe(
      `422 QUANTITY_TOO_LARGE ${OwnerSellMessages.quantityTooLarge(3)}`,
    );
    expect(await copyRow(copyId)).toMatchObject({ status: 'OPEN' });
    // Another position under a used request id is 422; the same id with the same position replays.
    const payload = sellBody(user, symbol, 1);
    await sell(user.userId, payload);
    expect(
      await refusalOf(sell(user.userId, { ...payload, positionData: { ...payload.positionData, quantity: 2 } })),
    ).toBe(`422 IDEMPOTENCY_KEY_REUSED ${BrokerageMessages.requestIdReused}`);
    expect(sellOrdersOf(user.userId)).toHaveLength(2);
  });

  it('a sell without confirmRisks true, or of part of a share, is 400 and places nothing', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 3, fillPrice: 20 });
    for (const confirmRisks of [undefined, false, 'true'])
      expect(
        await refusalOf(
          sell(user.userId, { ...sellBody(user, symbol, 1), confirmRisks } as unknown as SellCopyRpcPayload),
        ),
      ).toBe(`400 RISKS_NOT_CONFIRMED ${OwnerSellMessages.risksNotConfirmed}`);
    for (const quantity of [0.5, 2.5, 1_000_001])
      expect(await refusalOf(sell(user.userId, sellBody(user, symbol, quantity)))).toBe(
        `400 ${MyCopiesErrorCode.INVALID_QUANTITY} ${MyCopiesMessages.sellQuantity}`,
      );
    // Someone holding no copy still reads not found (the gateway then answers with the owner path's refusal).
    const stranger = follower();
    expect(await refusalOf(sell(stranger.userId, sellBody(stranger, symbol, 0.5)))).toMatch(/^404 COPY_NOT_FOUND/);
    expect(sellOrdersOf(user.userId)).toEqual([]);
    expect(await dataSource.query(`SELECT id FROM copy_engine.copy_sells WHERE copy_id = $1`, [copyId])).toEqual([]);
  });

  it("another user's copy cannot be sold (404, nothing placed); a brokerage refusal carries the sell failure fields", async () => {
    const owner = follower();
    const { symbol } = await openCopy(owner, { quantity: 3, fillPrice: 20 });
    const stranger = follower();
    expect(await refusalOf(sell(stranger.userId, sellBody(stranger, symbol, 1)))).toBe(
      `404 ${MyCopiesErrorCode.COPY_NOT_FOUND} ${MyCopiesMessages.noOpenCopy(symbol)}`,
    );
    expect(await refusalOf(sell(stranger.userId, sellBody(owner, symbol, 1)))).toMatch(/^404 COPY_NOT_FOUND/);
    expect(sellOrdersOf(stranger.userId)).toHaveLength(0);

    SELL_MODE = 'market-closed';
    const refusedPayload = sellBody(owner, symbol, 1);
    const refused = await sell(owner.userId, refusedPayload).catch((error: Refusal) => error);
    expect(refused).toMatchObject({
      status: 422,
      code: BrokerageErrorCode.MARKET_CLOSED,
      details: { isMarketHoursRestriction: true, errorCode: 'MARKET_CLOSED', canRetry: true },
    });
    // Its request id stays refused, the brokerage not called again (the market has opened meanwhile).
    SELL_MODE = 'filled';
    const retried = await sell(owner.userId, refusedPayload).catch((error: Refusal) => error);
    expect(retried).toMatchObject({ status: 422, code: 'SELL_NOT_FILLED', details: { canRetry: true } });
    expect(sellOrdersOf(owner.userId)).toHaveLength(0);
    // The refused sell holds nothing back: the whole copy may be sold with a new request id.
    await expect(sell(owner.userId, sellBody(owner, symbol, 3))).resolves.toMatchObject({ status: 'filled' });
  });
});

describe('close', () => {
  it('closes once at the brokerage fill of its sell (read from the brokerage), never the client price', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 4, fillPrice: 10 });
    expect(await refusalOf(close(user.userId, copyId, 11))).toBe(
      `409 ${MyCopiesErrorCode.NOT_SOLD} ${MyCopiesMessages.notSold}`,
    );
    SELL_MODE = 'submitted';
    const pending = await sell(user.userId, sellBody(user, symbol, 4));
    expect(pending.status).toBe('pending');
    expect(await refusalOf(close(user.userId, copyId, 999, 'B-not-this-copy'))).toBe(
      `422 ${MyCopiesErrorCode.SELL_ORDER_NOT_OF_COPY} ${MyCopiesMessages.sellOrderUnknown}`,
    );
    expect(await refusalOf(close(user.userId, copyId, 999, pending.order.brokerageOrderId))).toBe(
      `409 ${MyCopiesErrorCode.SELL_PENDING} ${MyCopiesMessages.sellPending}`,
    );
    // The brokerage fills it at 9.25; its event has not arrived: the close reads the order.
    const order = ORDERS.get(`${user.userId}:${pending.order.requestId}`)!;
    const executedAt = executedAgo(45_000);
    Object.assign(order, {
      state: 'FILLED',
      final: true,
      filledQuantity: 4,
      executionPrice: 9.25,
      filledAt: executedAt,
    });
    const first = close(user.userId, copyId, 999, pending.order.brokerageOrderId);
    const second = close(user.userId, copyId, 999, pending.order.brokerageOrderId);
    const replies = await Promise.all([first, second]);
    expect(replies.map((reply) => reply.closed).sort()).toEqual([false, true]);
    expect(replies[0]!.copyInstance).toMatchObject({
      status: 'closed',
      copierCurrentPrice: 9.25,
      copierUnrealizedPnl: -3,
      copierTotalReturn: -7.5,
    });
    expect(await copyRow(copyId)).toMatchObject({
      status: 'CLOSED',
      exit: 9.25,
      pnl: -3,
      client_exit: 999,
      sell_order_id: pending.order.brokerageOrderId,
    });
    expect(await copyClosedEvents(copyId)).toEqual([
      expect.objectContaining({ exitPrice: '9.25', realizedPnl: '-3', sellOrderId: pending.order.brokerageOrderId }),
    ]);
    await expectExitAt(copyId, executedAt);
    const third = await close(user.userId, copyId, 1);
    expect(third.closed).toBe(false);
    expect(await copyClosedEvents(copyId)).toHaveLength(1);
  });

  it("the sell's OrderFilled on JetStream closes the copy at its price; a later close changes nothing", async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 2, fillPrice: 30 });
    SELL_MODE = 'submitted';
    const pending = await sell(user.userId, sellBody(user, symbol, 2));
    const order = ORDERS.get(`${user.userId}:${pending.order.requestId}`)!;
    await publishSellFill(user.userId, order, '2', '33.1');
    await expectEventually(async () => expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 33.1 }));
    const reply = await close(user.userId, copyId, 40, order.brokerageOrderId);
    expect(reply).toMatchObject({ closed: false, copyInstance: { copierCurrentPrice: 33.1 } });
    expect(await copyRow(copyId)).toMatchObject({ exit: 33.1, client_exit: null });
    expect(await copyClosedEvents(copyId)).toEqual([
      expect.objectContaining({ exitPrice: '33.1', realizedPnl: '6.2' }),
    ]);
  });

  it("another user's copy is 404 to close, as an unknown one", async () => {
    const user = follower();
    const { copyId } = await openCopy(user, { quantity: 1, fillPrice: 5 });
    const stranger = follower();
    expect(await refusalOf(close(stranger.userId, copyId, 5))).toBe(
      `404 ${MyCopiesErrorCode.COPY_NOT_FOUND} ${MyCopiesMessages.copyNotFound}`,
    );
    expect(await refusalOf(close(stranger.userId, randomUUID(), 5))).toMatch(/^404 COPY_NOT_FOUND/);
    expect(await copyRow(copyId)).toMatchObject({ status: 'OPEN' });
  });
});

/** The copy's sells as stored, oldest first. */
const sellRows = async (copyId: string) =>
  (await dataSource.query(
    `SELECT request_id AS "requestId", status, filled_quantity::float8 AS filled, fill_price::float8 AS price,
            filled_at AS "filledAt"
       FROM copy_engine.copy_sells WHERE copy_id = $1 ORDER BY created_at, id`,
    [copyId],
  )) as Array<{
    requestId: string;
    status: string;
    filled: number | null;
    price: number | null;
    filledAt: Date | null;
  }>;
/** The exit's fill time on the sell and the copy's close time: both the brokerage's execution time of the sell. */
const expectExitAt = async (copyId: string, filledAt: string) => {
  expect((await sellRows(copyId)).map((row) => row.filledAt?.toISOString())).toEqual([filledAt]);
  expect(((await copyRow(copyId))!.closed_at as Date).toISOString()).toBe(filledAt);
};
/** Time passes for the sweeper: the copy's pending sells are due now. */
const dueNow = (copyId: string) =>
  dataSource.query(
    `UPDATE copy_engine.copy_sells SET next_attempt_at = now(), in_flight_until = NULL
      WHERE copy_id = $1 AND status = 'PENDING'`,
    [copyId],
  );
/** Sweeps until `check` passes (the engine's own timer may be sweeping too: a sweep is never doubled). */
const sweepUntil = (check: () => Promise<void>) =>
  expectEventually(async () => {
    await app.get(CopySellSweeper).sweepOnce();
    await check();
  });

describe('sweeper of pending sells', () => {
  it('a sell recorded and never sent (a crash) is placed by the sweeper with its request id, once', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 3, fillPrice: 40 });
    PRICES.set(symbol, 44);
    // The crash: the sell is recorded PENDING, the process dies before calling the brokerage (lease 0: due now).
    const requestId = `sell-crash-${randomUUID()}`;
    await insertCopySell(
      dataSource.manager,
      { userId: user.userId, requestId, copyId, brokerageAccountId: user.accountId, quantity: '3' },
      0,
    );
    await sweepUntil(async () => expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 44, pnl: 12 }));
    expect(sellOrdersOf(user.userId).map((order) => order.requestId)).toEqual([requestId]);
    // Resumed after the crash, the exit is dated by the brokerage's execution of the sell, not by the sweep.
    const [sold] = sellOrdersOf(user.userId);
    expect(await sellRows(copyId)).toEqual([
      { requestId, status: 'FILLED', filled: 3, price: 44, filledAt: new Date(sold!.filledAt!) },
    ]);
    expect(await copyClosedEvents(copyId)).toEqual([expect.objectContaining({ exitPrice: '44', realizedPnl: '12' })]);
    // Nothing is due any more: further sweeps place nothing.
    await dueNow(copyId);
    await app.get(CopySellSweeper).sweepOnce();
    expect(sellOrdersOf(user.userId)).toHaveLength(1);
    expect(await copyClosedEvents(copyId)).toHaveLength(1);
  });

  it('a sell the brokerage did not answer stays PENDING (never failed) and is resumed with the same id', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 2, fillPrice: 10 });
    PRICES.set(symbol, 11);
    SELL_MODE = 'unavailable';
    const payload = sellBody(user, symbol, 2);
    expect(await refusalOf(sell(user.userId, payload))).toMatch(/^503 /);
    expect(await sellRows(copyId)).toMatchObject([{ requestId: payload.requestId, status: 'PENDING' }]);
    // Still unreachable at the next sweeps: still PENDING, nothing placed.
    await dueNow(copyId);
    await app.get(CopySellSweeper).sweepOnce();
    expect(await sellRows(copyId)).toMatchObject([{ status: 'PENDING' }]);
    expect(sellOrdersOf(user.userId)).toHaveLength(0);

    SELL_MODE = 'filled';
    await dueNow(copyId);
    await sweepUntil(async () => expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 11, pnl: 2 }));
    expect(sellOrdersOf(user.userId).map((order) => order.requestId)).toEqual([payload.requestId]);
  });

  it('an accepted sell is asked about again (the first order, not a second) until the brokerage fills it', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 2, fillPrice: 20 });
    SELL_MODE = 'submitted';
    const pending = await sell(user.userId, sellBody(user, symbol, 2));
    expect(pending.status).toBe('pending');
    for (let sweep = 0; sweep < 3; sweep += 1) {
      await dueNow(copyId);
      await app.get(CopySellSweeper).sweepOnce();
    }
    expect(await sellRows(copyId)).toMatchObject([{ status: 'PENDING' }]);
    expect(sellOrdersOf(user.userId)).toHaveLength(1);
    // The brokerage fills it (its event lost): the next sweep's call answers the filled order.
    const order = ORDERS.get(`${user.userId}:${pending.order.requestId}`)!;
    const executedAt = executedAgo(45_000);
    Object.assign(order, {
      state: 'FILLED',
      final: true,
      filledQuantity: 2,
      executionPrice: 21.5,
      filledAt: executedAt,
    });
    await dueNow(copyId);
    await sweepUntil(async () => expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 21.5, pnl: 3 }));
    expect(sellOrdersOf(user.userId)).toHaveLength(1);
    await expectExitAt(copyId, executedAt);
  });
});

describe('a partly sold copy', () => {
  it('closes with the final sell, its exit the average of all fills and the realized P&L over every unit', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 4, fillPrice: 10 });
    PRICES.set(symbol, 12);
    const first = await sell(user.userId, sellBody(user, symbol, 1));
    expect(first.status).toBe('filled');
    expect(await copyRow(copyId)).toMatchObject({ status: 'OPEN' });
    expect(await refusalOf(close(user.userId, copyId, 12, first.order.brokerageOrderId))).toBe(
      `409 ${MyCopiesErrorCode.STILL_HELD} ${MyCopiesMessages.stillHeld('3')}`,
    );
    // The rest: accepted first, filled at 9 at the brokerage; the close reads that fill and closes the copy.
    SELL_MODE = 'submitted';
    const last = await sell(user.userId, sellBody(user, symbol, 3));
    const order = ORDERS.get(`${user.userId}:${last.order.requestId}`)!;
    Object.assign(order, { state: 'FILLED', final: true, filledQuantity: 3, executionPrice: 9 });
    const closed = await close(user.userId, copyId, 999, last.order.brokerageOrderId);
    expect(closed.closed).toBe(true);
    // Exit (1 × 12 + 3 × 9) / 4 = 9.75; P&L (12 − 10) × 1 + (9 − 10) × 3 = −1.
    expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 9.75, pnl: -1, client_exit: 999 });
    expect(closed.copyInstance).toMatchObject({ status: 'closed', copierCurrentPrice: 9.75, copierUnrealizedPnl: -1 });
    expect(await copyClosedEvents(copyId)).toEqual([
      expect.objectContaining({ quantity: '4', exitPrice: '9.75', realizedPnl: '-1' }),
    ]);
    expect((await close(user.userId, copyId, 1)).closed).toBe(false);
  });

  it('the final sell filled at once closes it too (no close call needed); the sum covers every sell', async () => {
    const user = follower();
    const { copyId, symbol } = await openCopy(user, { quantity: 5, fillPrice: 100 });
    for (const [quantity, price] of [
      [2, 110],
      [1, 90],
      [2, 105],
    ] as const) {
      PRICES.set(symbol, price);
      await sell(user.userId, sellBody(user, symbol, quantity));
    }
    // (2 × 110 + 90 + 2 × 105) / 5 = 104; P&L 20 − 10 + 10 = 20.
    expect(await copyRow(copyId)).toMatchObject({ status: 'CLOSED', exit: 104, pnl: 20 });
    expect(await copyClosedEvents(copyId)).toEqual([
      expect.objectContaining({ quantity: '5', exitPrice: '104', realizedPnl: '20' }),
    ]);
  });
});

describe('my copies, performance and price refresh', () => {
  it('performance from a known set: invested, signed return and percent, win rate over closed, counts', async () => {
    const user = follower();
    const a = await openCopy(user, { quantity: 10, fillPrice: 100 });
    PRICES.set(a.symbol, 110);
    await sell(user.userId, sellBody(user, a.symbol, 10)); // +100
    const b = await openCopy(user, { quantity: 5, fillPrice: 200 });
    PRICES.set(b.symbol, 190);
    await sell(user.userId, sellBody(user, b.symbol, 5)); // −50
    const c = await openCopy(user, { quantity: 2, fillPrice: 50 });
    PRICES.set(c.symbol, 60);
    await app.get(RefreshCopyPriceUseCase).execute(call(user.userId, { copyId: c.copyId })); // +20 unrealized
    const { performance } = await app.get(MyCopiesUseCase).performance(call(user.userId, {}));
    expect(performance).toEqual({
      totalInvested: 2100,
      totalReturn: 70,
      totalReturnPercent: 3.33,
      winRate: 50,
      totalCopies: 3,
      openPositions: 1,
      closedPositions: 2,
    });
    // Someone else's copies count for them only.
    const { performance: none } = await app.get(MyCopiesUseCase).performance(call(follower().userId, {}));
    expect(none).toMatchObject({ totalInvested: 0, totalReturn: 0, winRate: 0, totalCopies: 0 });
  });

  it('refresh-price: buys (current − entry) × quantity × multiplier, sells reversed — stock and option', async () => {
    const user = follower();
    const refresh = (copyId: string) => app.get(RefreshCopyPriceUseCase).execute(call(user.userId, { copyId }));
    const stock = await openCopy(user, { quantity: 5, fillPrice: 101.25 });
    PRICES.set(stock.symbol, 110);
    expect((await refresh(stock.copyId)).copyInstance).toMatchObject({
      copierCurrentPrice: 110,
      copierUnrealizedPnl: 43.75,
      copierTotalReturn: 8.64,
      copyAmount: 506.25,
    });
    const option = await openCopy(user, {
      quantity: 2,
      fillPrice: 3.5,
      symbol: 'SPY',
      option: { ticker: `SPY   2603${randomUUID().slice(0, 2)}C00500000`, strike: '500', type: 'call' },
    });
    PRICES.set(option.ticker, 4.25);
    const optionView = (await refresh(option.copyId)).copyInstance;
    expect(optionView).toMatchObject({
      copierCurrentPrice: 4.25,
      copierUnrealizedPnl: 150,
      copyAmount: 700,
      copierTotalReturn: 21.43,
    });
    expect(optionView.priceUpdatedAt).not.toBeNull();
    expect(optionView.originalTrade.trader.username).toBe(`trader_${optionView.originalTrade.trader.id.slice(0, 8)}`);
    const short = await openCopy(user, { quantity: 3, fillPrice: 100, side: 'sell' });
    PRICES.set(short.symbol, 90);
    expect((await refresh(short.copyId)).copyInstance).toMatchObject({
      copierUnrealizedPnl: 30,
      copierTotalReturn: 10,
    });
    // No price from the brokerage: 503, the copy unchanged.
    PRICES.delete(stock.symbol);
    expect(await refusalOf(refresh(stock.copyId))).toBe(
      `503 ${MyCopiesErrorCode.PRICE_UNAVAILABLE} ${MyCopiesMessages.priceUnavailable}`,
    );
  });

  it("lists the user's own copies only, newest first, paged; with receipt and placement", async () => {
    const user = follower();
    const first = await openCopy(user, { quantity: 5, fillPrice: 101.25, traderPrice: '100' });
    const second = await openCopy(user, { quantity: 1, fillPrice: 99, traderPrice: '100', side: 'sell' });
    const stranger = follower();
    const strangers = await openCopy(stranger, { quantity: 1, fillPrice: 10 });
    const list = app.get(MyCopiesUseCase);
    const all = await list.list(call(user.userId, {}));
    expect(all.total).toBe(2);
    expect(all.limit).toBe(100);
    expect(all.copies.map((copy) => copy.id)).toEqual([second.copyId, first.copyId]);
    expect(all.copies[1]).toMatchObject({
      placement: 'manual',
      heldQuantity: 5,
      receipt: {
        traderPrice: 100,
        fillPrice: 101.25,
        traderSharedAt: '2026-01-05T15:30:00.000Z',
        slippage: 1.25,
        slippagePercent: 1.25,
        slippageAmount: 6.25,
        versusTrader: 'worse',
      },
    });
    expect(all.copies[1]!.receipt.delaySeconds).toBeGreaterThan(0);
    // Each copy names its trader (identity's username; the copy keeps the trader's id).
    for (const copy of all.copies)
      expect(copy.originalTrade.trader.username).toBe(`trader_${copy.originalTrade.trader.id.slice(0, 8)}`);
    // A sell-side copy filled below the trader's price did worse than the trader, too.
    expect(all.copies[0]!.receipt).toMatchObject({ slippage: -1, slippagePercent: -1, versusTrader: 'worse' });
    const page = await list.list(call(user.userId, { limit: 1, offset: 1 }));
    expect(page.copies.map((copy) => copy.id)).toEqual([first.copyId]);
    expect((await list.list(call(user.userId, { status: 'closed' }))).copies).toEqual([]);
    expect(all.copies.map((copy) => copy.id)).not.toContain(strangers.copyId);
    expect(
      await refusalOf(app.get(RefreshCopyPriceUseCase).execute(call(user.userId, { copyId: strangers.copyId }))),
    ).toBe(`404 ${MyCopiesErrorCode.COPY_NOT_FOUND} ${MyCopiesMessages.copyNotFound}`);
  });
});

async function publishSellFill(userId: string, order: StoredOrder, filled: string, price: string) {
  const envelope = orderFilledEvent(userId, order, 'SELL', filled, price);
  await jetstream(publisher).publish(OrderFilled.subject, JSON.stringify(envelope), { msgID: envelope.id });
}
