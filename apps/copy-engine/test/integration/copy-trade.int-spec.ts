import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module, type INestApplication } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  BrokerageRpc,
  IdentityUsersRpc,
  CopyOpened,
  CopySkipped,
  CopyTradeErrorCode,
  CopyTradeMessages,
  TracesCopyEligibilityRpc,
  TracesRpc,
  type CopyableTradeView,
  type CopyEligibilityRpcPayload,
  type CopyEligibilityRpcReply,
  type CopyOpenedV1,
  type CopyTradeRpcPayload,
  type EventEnvelope,
  type GetPlacedOrderRpcRequest,
  type ListAccountsRpcReply,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
  type PlacedOrderView,
  type PlaceOrderRpcRequest,
  type QuotesRpcReply,
  type QuotesRpcRequest,
  type RpcRequest,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { orderFilledEvent, orderUpdatedEvent, publishOrderEvent } from '../support/order-events';
import { copyFailuresOf, failedCopyOf } from '../support/copy-failures';
import { startCopyEngine, type CopyEngineUnderTest } from '../support/copy-engine-under-test';
import { CopyPlacement } from '../../src/modules/copies/copy-placement';
import { CopySweeper } from '../../src/modules/copies/copy-sweeper';
import { findCopyById } from '../../src/modules/copies/copy-instances.store';
import { CopyTradeUseCase } from '../../src/modules/copies/use-cases/copy-trade.use-case';
import { GetCopyOfTradeUseCase } from '../../src/modules/copies/use-cases/get-copy-of-trade.use-case';
import { devSignedActor, type ApplyProjectionsRpcReply, type ApplyProjectionsRpcRequest } from '@copytrade/nest';

/**
 * The manual copy saga through the real copy engine (its app module: use cases, order-event consumer on JetStream,
 * sweeper) on real PostgreSQL with the real migrations and a private nats-server, with stand-ins for traces' copy
 * eligibility and the brokerage. The brokerage stand-in is idempotent per (user, request id) like the real one, and
 * counts its calls and the orders it really placed, so "one order" is checked where it would be placed.
 */
jest.setTimeout(60_000);

type Mode = 'filled' | 'submitted' | 'slow-fill' | 'buying-power' | 'partial-working';
const TRADES = new Map<string, CopyableTradeView>();
const ELIGIBILITY_REFUSALS = new Map<string, { status: number; code: string; message: string }>();
const ACCOUNTS = new Map<string, string[]>();
const ORDERS = new Map<string, PlacedOrderView & { sent: PlaceOrderRpcRequest['order'] }>();
const placeCalls: string[] = [];
/** The brokerage's live quote per symbol (a scenario starts it at its trade's latest price); absent: not quoted. */
const QUOTES = new Map<string, number>();
const quoteCalls: QuotesRpcRequest[] = [];
let MODE: Mode = 'filled';
let MARKET_OPEN = true;
const FILL_PRICE = 101.25;
/** The brokerage's record dates each fill this long before it answers: a receipt showing "now" is seen at once. */
const EXECUTED_AGO_MS = 37_000;

function newOrder(request: PlaceOrderRpcRequest, state: PlacedOrderView['state'], filled: number | null) {
  return {
    requestId: request.requestId,
    accountId: request.accountId ?? null,
    state,
    clientOrderId: randomUUID(),
    brokerageOrderId: `B-${randomUUID().slice(0, 8)}`,
    action: request.order.action,
    symbol: request.order.symbol,
    quantity: request.order.quantity,
    isOptions: Boolean(request.order.isOptions),
    optionsTicker: null,
    filledQuantity: filled,
    executionPrice: filled ? FILL_PRICE : null,
    providerStatus: state,
    final: state === 'FILLED',
    placedAt: new Date().toISOString(),
    filledAt: filled ? new Date(Date.now() - EXECUTED_AGO_MS).toISOString() : null,
    sent: request.order,
  };
}

/** The CopyOpened traces was handed synchronously (read-your-writes), by copy id. */
const PROJECTED = new Map<string, ApplyProjectionsRpcRequest>();

@Controller()
class StandIns {
  @MessagePattern(TracesRpc.applyProjections)
  project(@Payload() request: RpcRequest<ApplyProjectionsRpcRequest>): ApplyProjectionsRpcReply {
    const { copyId } = request.payload.envelope.data as { copyId: string };
    PROJECTED.set(copyId, request.payload);
    return { applied: [{ consumer: 'traces-copy-counts', outcome: 'handled' }] };
  }

  @MessagePattern(TracesCopyEligibilityRpc.check)
  eligibility(@Payload() request: RpcRequest<CopyEligibilityRpcPayload>): CopyEligibilityRpcReply {
    const refusal = ELIGIBILITY_REFUSALS.get(request.payload.userId);
    if (refusal) throw new RpcException(refusal);
    const trade = TRADES.get(request.payload.tradeId);
    if (!trade)
      throw new RpcException({ status: 404, code: 'TRADE_NOT_FOUND', message: CopyTradeMessages.tradeNotFound });
    return { trade, access: { role: 'subscriber', tier: 'vip' } };
  }

  /** Identity's user lookup: every trader is named `trader_<first 8 of the id>`. */
  @MessagePattern(IdentityUsersRpc.lookup)
  users(@Payload() request: RpcRequest<LookupUsersRpcRequest>): LookupUsersRpcReply {
    return { users: request.payload.ids.map((id) => ({ id, username: `trader_${id.slice(0, 8)}`, email: null })) };
  }

  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    const ids = ACCOUNTS.get(request.payload.userId);
    if (!ids)
      throw new RpcException({
        status: 404,
        code: BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
        message: BrokerageMessages.registrationRequired,
      });
    return { accounts: ids.map((id) => ({ id }) as ListAccountsRpcReply['accounts'][number]) };
  }

  @MessagePattern(BrokerageRpc.paperMarket)
  market() {
    return { market: { open: MARKET_OPEN, hoursMode: 'real', override: null }, quotes: [] };
  }

  @MessagePattern(BrokerageRpc.getQuotes)
  quotes(@Payload() request: RpcRequest<QuotesRpcRequest>): QuotesRpcReply {
    quoteCalls.push(request.payload);
    return {
      quotes: request.payload.symbols
        .filter((symbol) => QUOTES.has(symbol))
        .map((symbol) => ({ symbol, price: QUOTES.get(symbol)!, bid: null, ask: QUOTES.get(symbol)! })),
    };
  }

  @MessagePattern(BrokerageRpc.placeOrder)
  async place(@Payload() request: RpcRequest<PlaceOrderRpcRequest>) {
    return placeAtBrokerage(request.payload);
  }

  @MessagePattern(BrokerageRpc.getPlacedOrder)
  stored(@Payload() request: RpcRequest<GetPlacedOrderRpcRequest>) {
    return { order: ORDERS.get(`${request.payload.userId}:${request.payload.requestId}`) ?? null };
  }
}
@Module({ controllers: [StandIns] })
class StandInsModule {}

async function placeAtBrokerage(payload: PlaceOrderRpcRequest) {
  placeCalls.push(payload.requestId);
  const key = `${payload.userId}:${payload.requestId}`;
  const seen = ORDERS.get(key);
  if (seen) return { order: seen, replayed: true };
  if (MODE === 'buying-power')
    throw new RpcException({
      status: 422,
      code: BrokerageErrorCode.INSUFFICIENT_BUYING_POWER,
      message: BrokerageMessages.insufficientBuyingPower,
    });
  if (MODE === 'slow-fill') await new Promise((resolve) => setTimeout(resolve, 300));
  // An immediate-or-cancel limit buy below the fill price ends at once with nothing filled (the paper broker's way).
  const limitMissed = payload.order.limitPrice !== undefined && FILL_PRICE > payload.order.limitPrice;
  const order = limitMissed
    ? newOrder(payload, 'CANCELED', 0)
    : MODE === 'submitted'
      ? newOrder(payload, 'SUBMITTED', 0)
      : MODE === 'partial-working'
        ? newOrder(payload, 'PARTIALLY_FILLED', 2)
        : newOrder(payload, 'FILLED', payload.order.quantity);
  ORDERS.set(key, order);
  return { order, replayed: false };
}

let engine: CopyEngineUnderTest;
let app: INestApplication;
let dataSource: DataSource;
let publisher: NatsConnection;
let copyTrade: CopyTradeUseCase;
let sweeper: CopySweeper;

beforeAll(async () => {
  engine = await startCopyEngine('copy_engine_copies', StandInsModule, { COPY_BROKERAGE_LEASE_MS: '1000' });
  ({ app, dataSource } = engine);
  copyTrade = app.get(CopyTradeUseCase);
  sweeper = app.get(CopySweeper);
  publisher = await connect({ servers: engine.nats.url });
}, 90_000);

afterAll(async () => {
  await publisher?.close();
  await engine?.stop();
});

beforeEach(() => {
  MODE = 'filled';
  MARKET_OPEN = true;
});

/** A follower with a connected brokerage (first account `acct-<n>`) and a shared open trade to copy. */
function scenario(trade: Partial<CopyableTradeView> = {}) {
  const userId = randomUUID();
  const accountId = `acct-${randomUUID().slice(0, 8)}`;
  ACCOUNTS.set(userId, [accountId, `second-${accountId}`]);
  const tradeId = randomUUID();
  TRADES.set(tradeId, {
    id: tradeId,
    traceId: randomUUID(),
    traceName: 'Alpha',
    traceHandle: '@alpha',
    traceAvatar: null,
    ownerUserId: randomUUID(),
    symbol: 'AAPL',
    side: 'buy',
    quantity: '10',
    entryPrice: '100',
    currentPrice: '100.5',
    isOptions: false,
    optionType: null,
    optionsTicker: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
    requiredTier: 'basic',
    sharedAt: '2026-01-05T15:30:00.000Z',
    ...trade,
  });
  const traded = TRADES.get(tradeId)!;
  QUOTES.set(traded.optionsTicker ?? traded.symbol, Number(traded.currentPrice));
  const body = (overrides: Partial<CopyTradeRpcPayload> = {}): CopyTradeRpcPayload => ({
    userId,
    tradeId,
    accountId,
    copyAmount: 1000,
    customQuantity: 5,
    confirmRisks: true,
    requestId: `req-${randomUUID()}`,
    maxCopyAmount: null,
    ...overrides,
  });
  const copy = (payload: CopyTradeRpcPayload, actor = userId) =>
    copyTrade.execute({ requestId: randomUUID(), actor: devSignedActor({ userId: actor, isAdmin: false }), payload });
  return { userId, accountId, tradeId, body, copy };
}

type Refusal = { status?: number; code?: string; message: string };
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Refusal) => `${error.status} ${error.code} ${error.message}`,
  );

const copiesOf = async (userId: string) =>
  (await dataSource.query(
    `SELECT id, status, request_id, quantity_requested::float8 AS requested, quantity_filled::float8 AS filled,
            entry_price::float8 AS entry, copy_amount::float8 AS amount, brokerage_order_id, failure_code,
            failure_reason, awaiting_confirmation, trader_price::float8 AS trader_price, placement, filled_at
       FROM copy_engine.copy_instances WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  )) as Array<Record<string, unknown>>;
const copyOpenedOf = async (copyId: string) =>
  (await dataSource.query(
    `SELECT subject, envelope FROM copy_engine.outbox WHERE aggregate_id = $1 ORDER BY aggregate_version`,
    [`copy:${copyId}`],
  )) as Array<{ subject: string; envelope: EventEnvelope<CopyOpenedV1> }>;
const ordersOf = (userId: string) => [...ORDERS.entries()].filter(([key]) => key.startsWith(`${userId}:`));

describe('the checks, in order, with their messages', () => {
  it('missing-required-fields-are-listed-together', async () => {
    const { copy, body } = scenario();
    expect(
      await refusalOf(copy(body({ tradeId: undefined, accountId: '', copyAmount: null as unknown as number }))),
    ).toBe(`400 MISSING_REQUIRED_FIELDS ${CopyTradeMessages.missingFields(['tradeId', 'accountId', 'copyAmount'])}`);
    expect(await refusalOf(copy(body({ userId: undefined })))).toBe(
      '400 MISSING_REQUIRED_FIELDS Missing required fields: userId',
    );
  });

  it('confirmRisks-must-be-exactly-true, missing included, and nothing is placed', async () => {
    const { copy, body, userId } = scenario();
    for (const confirmRisks of [undefined, false, 'true'])
      expect(await refusalOf(copy(body({ confirmRisks } as unknown as Partial<CopyTradeRpcPayload>)))).toBe(
        `400 RISKS_NOT_CONFIRMED ${CopyTradeMessages.risksNotConfirmed}`,
      );
    expect(await copiesOf(userId)).toEqual([]);
    expect(ordersOf(userId)).toEqual([]);
  });

  it("another-user's-id-in-the-body-is-403", async () => {
    const { copy, body } = scenario();
    expect(await refusalOf(copy(body({ userId: randomUUID() })))).toMatch(/^403 FORBIDDEN/);
  });

  it("the-trade-and-access-refusals-are-traces'-own", async () => {
    const { copy, body, userId } = scenario();
    expect(await refusalOf(copy(body({ tradeId: randomUUID() })))).toBe(
      `404 TRADE_NOT_FOUND ${CopyTradeMessages.tradeNotFound}`,
    );
    ELIGIBILITY_REFUSALS.set(userId, {
      status: 403,
      code: CopyTradeErrorCode.SUBSCRIPTION_REQUIRED,
      message: CopyTradeMessages.subscriptionRequired,
    });
    expect(await refusalOf(copy(body()))).toBe(`403 SUBSCRIPTION_REQUIRED ${CopyTradeMessages.subscriptionRequired}`);
    expect(await copiesOf(userId)).toEqual([]);
  });

  it('brokerage-not-connected-and-not-own-account-are-refused', async () => {
    const { copy, body, userId } = scenario();
    ACCOUNTS.delete(userId);
    expect(await refusalOf(copy(body()))).toBe(
      `400 BROKERAGE_NOT_CONNECTED ${CopyTradeMessages.brokerageNotConnected}`,
    );
    ACCOUNTS.set(userId, []);
    expect(await refusalOf(copy(body()))).toMatch(/^400 BROKERAGE_NOT_CONNECTED/);
    ACCOUNTS.set(userId, ['mine', 'mine-2']);
    for (const accountId of ['someone-else', 'mine-2'])
      expect(await refusalOf(copy(body({ accountId })))).toBe(`403 ACCOUNT_NOT_OWN ${CopyTradeMessages.accountNotOwn}`);
    expect(await copiesOf(userId)).toEqual([]);
  });

  it('incomplete-options-data-lists-what-is-missing', async () => {
    const { copy, body } = scenario({ isOptions: true, optionType: 'call', contractMultiplier: 100 });
    expect(await refusalOf(copy(body()))).toBe(
      `422 OPTIONS_DATA_INCOMPLETE ${CopyTradeMessages.optionsIncomplete(['strikePrice', 'expirationDate'])}`,
    );
  });

  it('quantity-must-be-a-whole-number-of-at-least-one', async () => {
    const { copy, body } = scenario();
    for (const customQuantity of [0, -1, 2.5, 1_000_001, 1e15])
      expect(await refusalOf(copy(body({ customQuantity })))).toBe(
        `400 INVALID_QUANTITY ${CopyTradeMessages.invalidQuantity}`,
      );
    const fractional = scenario({ quantity: '0.5' });
    expect(await refusalOf(fractional.copy(fractional.body({ customQuantity: undefined })))).toMatch(
      /^400 INVALID_QUANTITY/,
    );
  });

  it('above-maxCopyAmount-is-refused, at the live quote', async () => {
    const { copy, body, userId } = scenario();
    // 5 × 100.50 = 502.50
    expect(await refusalOf(copy(body({ maxCopyAmount: 500 })))).toBe(
      `422 ABOVE_MAX_COPY_AMOUNT ${CopyTradeMessages.aboveMaxCopyAmount(502.5, 500)}`,
    );
    expect((await copy(body({ maxCopyAmount: 502.5 }))).status).toBe('filled');
    expect(await copiesOf(userId)).toHaveLength(1);
  });

  it("the-cap-holds-at-a-live-quote-of-the-account, never the trade's stored price", async () => {
    const { copy, body, userId, accountId } = scenario();
    // The trade's stored price says 5 × 100.50 = 502.50; the market has moved to 155.59: 5 × 155.59 = 777.95.
    QUOTES.set('AAPL', 155.59);
    quoteCalls.length = 0;
    expect(await refusalOf(copy(body({ maxCopyAmount: 600 })))).toBe(
      `422 ABOVE_MAX_COPY_AMOUNT ${CopyTradeMessages.aboveMaxCopyAmount(777.95, 600)}`,
    );
    expect(quoteCalls).toEqual([{ userId, accountId, symbols: ['AAPL'] }]);
    expect(ordersOf(userId)).toHaveLength(0);
    expect(await copiesOf(userId)).toHaveLength(0);

    QUOTES.set('AAPL', 110);
    const reply = await copy(body({ maxCopyAmount: 600 }));
    expect(reply.status).toBe('filled');
    expect(reply.copyInstance.receipt).toMatchObject({
      traderPrice: 100,
      sizingPrice: 110,
      maxCopyAmount: 600,
      limitPrice: null,
      // Filled at 101.25 × 5 = 506.25: within the cap.
      filledAboveMax: false,
    });
    expect(Date.parse(reply.copyInstance.receipt.sizingQuotedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('no-live-quote-no-copy: an instrument the brokerage cannot quote is refused before any order', async () => {
    const { copy, body, userId } = scenario();
    QUOTES.delete('AAPL');
    expect(await refusalOf(copy(body({ maxCopyAmount: 5000 })))).toBe(
      `422 QUOTE_UNAVAILABLE ${CopyTradeMessages.quoteUnavailable('AAPL')}`,
    );
    expect(ordersOf(userId)).toHaveLength(0);
    expect(await copiesOf(userId)).toHaveLength(0);
  });

  it('a-fill-above-the-cap-when-the-market-moved-after-the-quote-is-shown-as-such', async () => {
    const { copy, body } = scenario();
    // Quoted at 100 (5 × 100 = 500, within 505); the market order filled at 101.25 (506.25).
    QUOTES.set('AAPL', 100);
    const reply = await copy(body({ maxCopyAmount: 505 }));
    expect(reply.copyInstance.receipt).toMatchObject({ sizingPrice: 100, maxCopyAmount: 505, filledAboveMax: true });
  });

  it('price-protection: refused before any order past it; a limit order within it (never above the cap); skipped when the market passed it', async () => {
    const { copy, body, userId, tradeId } = scenario();
    const traceId = TRADES.get(tradeId)!.traceId;
    await dataSource.query(
      `INSERT INTO copy_engine.follower_guards (user_id, price_protection_percent) VALUES ($1, 0.5)`,
      [userId],
    );
    // The quote is 1 % above the trader's 100.
    QUOTES.set('AAPL', 101);
    expect(await refusalOf(copy(body()))).toBe(
      `422 ${CopyTradeErrorCode.SKIPPED_PRICE_MOVED} ${CopyTradeMessages.priceMoved(1, 0.5)}`,
    );
    expect(ordersOf(userId)).toHaveLength(0);

    // The trace's own percent (5 %) wins: 5 shares limited at min(105, 520 / 5 = 104) — the cap is tighter.
    await dataSource.query(
      `INSERT INTO copy_engine.trace_guards (user_id, trace_id, price_protection_percent) VALUES ($1, $2, 5)`,
      [userId, traceId],
    );
    const filled = await copy(body({ maxCopyAmount: 520 }));
    expect(filled).toMatchObject({ status: 'filled', copyInstance: { receipt: { limitPrice: 104 } } });
    expect(ordersOf(userId)[0]![1].sent).toMatchObject({ limitPrice: 104, timeInForce: 'IOC' });

    // 1.2 %: limited at 101.20, the market fills at 101.25: nothing filled, the copy skipped with its limit.
    await dataSource.query(
      `UPDATE copy_engine.trace_guards SET price_protection_percent = 1.2 WHERE user_id = $1 AND trace_id = $2`,
      [userId, traceId],
    );
    const other = scenario({ traceId });
    await dataSource.query(
      `INSERT INTO copy_engine.trace_guards (user_id, trace_id, price_protection_percent) VALUES ($1, $2, 1.2)`,
      [other.userId, traceId],
    );
    QUOTES.set('AAPL', 101);
    expect(await refusalOf(other.copy(other.body()))).toBe(
      `422 ${CopyTradeErrorCode.SKIPPED_PRICE_MOVED} ${CopyTradeMessages.priceMovedBeforeFill(101.2)}`,
    );
    const [skipped] = await copiesOf(other.userId);
    expect(skipped).toMatchObject({ status: 'FAILED', failure_code: CopyTradeErrorCode.SKIPPED_PRICE_MOVED });
    // A skip, announced as one (CopySkipped), never as a failure.
    expect((await copyOpenedOf(skipped!.id as string)).map((row) => row.subject)).toEqual([CopySkipped.subject]);
    expect(await copyFailuresOf(dataSource, other.tradeId)).toEqual([]);
  });

  it('market-closed-is-refused-in-words-that-map-to-Market-Hours-Restriction', async () => {
    const { copy, body, userId } = scenario();
    MARKET_OPEN = false;
    expect(await refusalOf(copy(body()))).toBe(`422 MARKET_CLOSED ${CopyTradeMessages.marketClosed}`);
    expect(CopyTradeMessages.marketClosed.toLowerCase()).toContain('market hours');
    expect(await copiesOf(userId)).toEqual([]);
    expect(ordersOf(userId)).toEqual([]);
  });

  it('already-copied-is-refused-for-a-new-request-id', async () => {
    const { copy, body } = scenario();
    expect((await copy(body())).status).toBe('filled');
    expect(await refusalOf(copy(body()))).toBe(`409 ALREADY_COPIED ${CopyTradeMessages.alreadyCopied}`);
  });
});

describe('the saga', () => {
  it('a-fill-opens-the-copy-with-CopyOpened-in-the-same-transaction', async () => {
    const { copy, body, userId, tradeId } = scenario();
    const reply = await copy(body());
    expect(reply).toMatchObject({
      status: 'filled',
      replayed: false,
      message: CopyTradeMessages.filled(5, 'AAPL', false, 506.25),
      order: { executionPrice: FILL_PRICE, filledQuantity: 5, state: 'FILLED' },
      copyInstance: {
        status: 'open',
        placement: 'manual',
        copyQuantity: 5,
        copyEntryPrice: FILL_PRICE,
        copyAmount: 506.25,
        receipt: { traderPrice: 100, traderSharedAt: '2026-01-05T15:30:00.000Z', fillPrice: FILL_PRICE },
        originalTrade: { id: tradeId, symbol: 'AAPL', type: 'buy', trace: { name: 'Alpha', handle: '@alpha' } },
      },
    });
    // The trader's username, from identity (the copy keeps the trader's id).
    const traderId = TRADES.get(tradeId)!.ownerUserId;
    expect(reply.copyInstance.originalTrade.trader).toEqual({
      id: traderId,
      username: `trader_${traderId.slice(0, 8)}`,
    });
    const [row] = await copiesOf(userId);
    expect(row).toMatchObject({ status: 'OPEN', filled: 5, entry: FILL_PRICE, amount: 506.25 });
    const events = await copyOpenedOf(reply.copyInstance.id);
    expect(events.map((event) => event.subject)).toEqual([CopyOpened.subject]);
    expect(events[0]!.envelope.data).toMatchObject({
      userId,
      originalTradeId: tradeId,
      quantity: '5',
      entryPrice: '101.25',
      copyAmount: '506.25',
      traderPrice: '100',
      placement: 'manual',
    });
    // Traces was handed that very event before the copy was answered (the copier's next read shows its count).
    expect(PROJECTED.get(reply.copyInstance.id)).toEqual({
      subject: CopyOpened.subject,
      envelope: events[0]!.envelope,
    });
    // The web app's second call answers the copy recorded.
    const recorded = await app.get(GetCopyOfTradeUseCase).execute({
      requestId: 'r',
      actor: devSignedActor({ userId, isAdmin: false }),
      payload: { originalTradeId: tradeId },
    });
    expect(recorded.copyInstance).toEqual(reply.copyInstance);
  });

  it('the-copy-recorded-for-a-trade-is-404-when-there-is-none (never created by that call)', async () => {
    const { userId, tradeId } = scenario();
    const get = app.get(GetCopyOfTradeUseCase);
    const call = {
      requestId: 'r',
      actor: devSignedActor({ userId, isAdmin: false }),
      payload: { originalTradeId: tradeId },
    };
    expect(await refusalOf(get.execute(call))).toBe(`404 COPY_NOT_FOUND ${CopyTradeMessages.copyNotFound}`);
    expect(await copiesOf(userId)).toEqual([]);
  });

  it('50-concurrent-requests-with-one-request-id-place-one-order-and-make-one-copy', async () => {
    const { copy, body, userId } = scenario();
    MODE = 'slow-fill';
    const payload = body();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => copy(payload)));
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    expect(new Set(rejected.map((result) => `${result.reason.status} ${result.reason.code}`))).toEqual(
      rejected.length ? new Set([`409 ${CopyTradeErrorCode.COPY_IN_FLIGHT}`]) : new Set(),
    );
    expect(placeCalls.filter((id) => id === payload.requestId)).toHaveLength(1);
    expect(ordersOf(userId)).toHaveLength(1);
    const rows = await copiesOf(userId);
    expect(rows).toEqual([expect.objectContaining({ status: 'OPEN', filled: 5 })]);
    expect(await copyOpenedOf(rows[0]!.id as string)).toHaveLength(1);
    // Afterwards the same id answers the first result, without calling the brokerage.
    const again = await copy(payload);
    expect(again).toMatchObject({ status: 'filled', replayed: true, copyInstance: { id: rows[0]!.id } });
    expect(placeCalls.filter((id) => id === payload.requestId)).toHaveLength(1);
  });

  it('the-same-request-id-with-another-body-is-422', async () => {
    const { copy, body, userId } = scenario();
    const payload = body();
    await copy(payload);
    expect(await refusalOf(copy({ ...payload, customQuantity: 6 }))).toBe(
      `422 IDEMPOTENCY_KEY_REUSED ${CopyTradeMessages.requestIdReused}`,
    );
    expect(await copiesOf(userId)).toHaveLength(1);
    expect(ordersOf(userId)).toHaveLength(1);
  });

  it('a-crash-after-PENDING-and-before-the-brokerage-call-is-resumed-by-the-sweeper-with-one-order', async () => {
    const { copy, body, userId } = scenario();
    const placement = app.get(CopyPlacement);
    jest.spyOn(placement, 'place').mockRejectedValueOnce(new Error('process killed'));
    const payload = body();
    await expect(copy(payload)).rejects.toThrow('process killed');
    expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect(placeCalls.filter((id) => id === payload.requestId)).toHaveLength(0);
    // While the crashed call's lease runs, a repeat of the request id is told it is in flight.
    expect(await refusalOf(copy(payload))).toMatch(/^409 COPY_IN_FLIGHT/);
    await expectEventually(async () => {
      await sweeper.sweepOnce();
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN', filled: 5 })]);
    });
    expect(await sweeper.sweepOnce()).toBe(0);
    expect(placeCalls.filter((id) => id === payload.requestId)).toHaveLength(1);
    expect(ordersOf(userId)).toHaveLength(1);
  });

  it('a-crashed-copy-the-brokerage-refuses-when-the-sweeper-resumes-it-fails-with-one-CopyFailed; sweeping again adds none', async () => {
    const { copy, body, userId, tradeId } = scenario();
    jest.spyOn(app.get(CopyPlacement), 'place').mockRejectedValueOnce(new Error('process killed'));
    await expect(copy(body())).rejects.toThrow('process killed');
    MODE = 'buying-power';
    await expectEventually(async () => {
      await sweeper.sweepOnce();
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
    });
    expect(await sweeper.sweepOnce()).toBe(0);
    expect(await copyFailuresOf(dataSource, tradeId)).toEqual([
      expect.objectContaining(
        failedCopyOf(
          TRADES.get(tradeId)!,
          userId,
          { code: 'INSUFFICIENT_BUYING_POWER', reason: BrokerageMessages.insufficientBuyingPower },
          'manual',
        ),
      ),
    ]);
  });

  it('a-crash-after-the-brokerage-placed-the-order-is-resumed-without-a-second-order', async () => {
    const { copy, body, userId } = scenario();
    const placement = app.get(CopyPlacement);
    jest.spyOn(placement, 'place').mockImplementationOnce(async (record) => {
      await placeAtBrokerage({
        userId,
        accountId: record.brokerageAccountId ?? undefined,
        requestId: record.requestId,
        order: { action: 'BUY', symbol: 'AAPL', quantity: 5 },
      });
      throw new Error('process killed');
    });
    const payload = body();
    await expect(copy(payload)).rejects.toThrow('process killed');
    await expectEventually(async () => {
      await sweeper.sweepOnce();
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN' })]);
    });
    expect(ordersOf(userId)).toHaveLength(1);
    const [row] = await copiesOf(userId);
    expect(row!.brokerage_order_id).toBe(ordersOf(userId)[0]![1].brokerageOrderId);
  });

  it('a-refusal-fails-the-copy-with-the-reason and one CopyFailed; the same id answers it again; a new id may try again', async () => {
    const { copy, body, userId, tradeId } = scenario();
    MODE = 'buying-power';
    const payload = body();
    const refused = `422 INSUFFICIENT_BUYING_POWER ${BrokerageMessages.insufficientBuyingPower}`;
    expect(await refusalOf(copy(payload))).toBe(refused);
    expect(await copiesOf(userId)).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        failure_code: 'INSUFFICIENT_BUYING_POWER',
        failure_reason: BrokerageMessages.insufficientBuyingPower,
      }),
    ]);
    expect(await refusalOf(copy(payload))).toBe(refused);
    MODE = 'filled';
    expect((await copy(body())).status).toBe('filled');
    expect((await copiesOf(userId)).map((row) => row.status)).toEqual(['FAILED', 'OPEN']);
    // Written with the failure; the repeat of the request answered it without announcing it again.
    const [failed] = await copiesOf(userId);
    expect(await copyFailuresOf(dataSource, tradeId)).toEqual([
      expect.objectContaining({
        ...failedCopyOf(
          TRADES.get(tradeId)!,
          userId,
          { code: 'INSUFFICIENT_BUYING_POWER', reason: BrokerageMessages.insufficientBuyingPower },
          'manual',
        ),
        copyId: failed!.id,
      }),
    ]);
  });

  it('an-accepted-order-stays-pending-and-its-fill-event-on-JetStream-opens-the-copy', async () => {
    const { copy, body, userId } = scenario();
    MODE = 'submitted';
    const reply = await copy(body());
    expect(reply).toMatchObject({
      status: 'pending',
      copyInstance: { status: 'pending', awaitingConfirmation: false },
    });
    const [, order] = ordersOf(userId)[0]!;
    await publishOrderEvent(
      publisher,
      orderUpdatedEvent(userId, order, { state: 'FILLED', final: true, filled: '5', price: '99.5' }),
      1,
    );
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([
        expect.objectContaining({ status: 'OPEN', filled: 5, entry: 99.5, amount: 497.5 }),
      ]),
    );
    expect(await copyOpenedOf(reply.copyInstance.id)).toHaveLength(1);
  });

  it('a-partial-fill-opens-the-copy-with-what-filled; the rest grows it; one CopyOpened', async () => {
    const { copy, body, userId } = scenario();
    MODE = 'submitted';
    const reply = await copy(body());
    const [, order] = ordersOf(userId)[0]!;
    await publishOrderEvent(
      publisher,
      orderUpdatedEvent(userId, order, { state: 'PARTIALLY_FILLED', final: false, filled: '3', price: '100' }),
      1,
    );
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN', filled: 3, amount: 300 })]),
    );
    await publishOrderEvent(publisher, orderFilledEvent(userId, order, 'BUY', '5', '100.4'), 2);
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([
        expect.objectContaining({ status: 'OPEN', filled: 5, entry: 100.4, amount: 502 }),
      ]),
    );
    expect(await copyOpenedOf(reply.copyInstance.id)).toHaveLength(1);
  });

  it('a-rejected-order-fails-the-pending-copy-with-the-reason and one CopyFailed, not again when told again', async () => {
    const { copy, body, userId, tradeId } = scenario();
    MODE = 'submitted';
    await copy(body());
    const [, order] = ordersOf(userId)[0]!;
    const rejected = orderUpdatedEvent(userId, order, { state: 'REJECTED', final: true, filled: '0', price: null });
    await publishOrderEvent(publisher, rejected, 1);
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([
        expect.objectContaining({
          status: 'FAILED',
          failure_reason: 'The brokerage reports the order rejected (REJECTED).',
        }),
      ]),
    );
    // The same event redelivered, and the rejection told again in a later event: the copy is failed once.
    await publishOrderEvent(publisher, rejected, 1, true);
    await publishOrderEvent(
      publisher,
      orderUpdatedEvent(userId, order, { state: 'REJECTED', final: true, filled: '0', price: null }),
      2,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await copyFailuresOf(dataSource, tradeId)).toEqual([
      expect.objectContaining({
        ...failedCopyOf(
          TRADES.get(tradeId)!,
          userId,
          {
            code: CopyTradeErrorCode.COPY_NOT_FILLED,
            reason: 'The brokerage reports the order rejected (REJECTED).',
          },
          'manual',
        ),
        correlationId: rejected.correlationId,
      }),
    ]);
  });

  it('an-options-copy-places-the-contract-and-counts-the-multiplier', async () => {
    const { copy, body, userId } = scenario({
      symbol: 'SPY',
      isOptions: true,
      optionType: 'call',
      optionsTicker: 'SPY   260320C00500000',
      strikePrice: '500',
      expirationDate: '2026-03-20',
      contractMultiplier: 100,
      quantity: '2',
      entryPrice: '2.5',
      currentPrice: '3',
    });
    expect(await refusalOf(copy(body({ customQuantity: 2, maxCopyAmount: 599 })))).toMatch(
      /^422 ABOVE_MAX_COPY_AMOUNT/,
    );
    const reply = await copy(body({ customQuantity: 2, maxCopyAmount: 600 }));
    expect(reply).toMatchObject({
      status: 'filled',
      message: CopyTradeMessages.filled(2, 'SPY', true, 2 * FILL_PRICE * 100),
      copyInstance: {
        copyQuantity: 2,
        copyAmount: 20250,
        originalTrade: { isOptions: true, optionType: 'call', strikePrice: 500, contractMultiplier: 100 },
      },
    });
    const [, order] = ordersOf(userId)[0]!;
    expect(order.sent).toMatchObject({
      action: 'BUY',
      symbol: 'SPY',
      quantity: 2,
      isOptions: true,
      optionsTicker: 'SPY   260320C00500000',
      optionType: 'call',
      strikePrice: 500,
      expirationDate: '2026-03-20',
      contractMultiplier: 100,
    });
  });
});

describe("the receipt: the brokerage's fill, never rewritten once the copy is open", () => {
  const SHARED_AT = '2026-01-05T15:30:00.000Z';
  /** The receipt's delay: the brokerage's fill time − the trader's share time, in seconds (2 decimals). */
  const delayOf = (filledAt: string) => Math.round((Date.parse(filledAt) - Date.parse(SHARED_AT)) / 10) / 100;
  const filledAtOf = async (userId: string) =>
    (await copiesOf(userId)).map((row) => (row.filled_at as Date | null)?.toISOString() ?? null);
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  it("a-manual-copy's-fill-time-is-the-brokerage-order's-execution-time, and its delay is from the share", async () => {
    const { copy, body, userId } = scenario();
    const reply = await copy(body());
    const [, order] = ordersOf(userId)[0]!;
    expect(order.filledAt).toBeTruthy();
    expect(await filledAtOf(userId)).toEqual([order.filledAt]);
    expect(reply.copyInstance.receipt).toMatchObject({
      fillPrice: FILL_PRICE,
      filledAt: order.filledAt,
      delaySeconds: delayOf(order.filledAt!),
    });
    const [opened] = await copyOpenedOf(reply.copyInstance.id);
    expect(opened!.envelope.data.openedAt).toBe(order.filledAt);
  });

  it("a-copy-resumed-by-the-sweeper-after-a-crash-keeps-the-brokerage's-fill-time, not the moment it was resumed", async () => {
    const { copy, body, userId } = scenario();
    jest.spyOn(app.get(CopyPlacement), 'place').mockImplementationOnce(async (record) => {
      await placeAtBrokerage({
        userId,
        accountId: record.brokerageAccountId ?? undefined,
        requestId: record.requestId,
        order: { action: 'BUY', symbol: 'AAPL', quantity: 5 },
      });
      throw new Error('process killed');
    });
    await expect(copy(body())).rejects.toThrow('process killed');
    await expectEventually(async () => {
      await sweeper.sweepOnce();
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN' })]);
    });
    const [, order] = ordersOf(userId)[0]!;
    expect(await filledAtOf(userId)).toEqual([order.filledAt]);
  });

  it("a-fill-event-opens-the-copy-at-the-brokerage's-execution-time, not the event's; a later fill grows it but keeps its time", async () => {
    const { copy, body, userId } = scenario();
    MODE = 'submitted';
    const reply = await copy(body());
    const [, order] = ordersOf(userId)[0]!;
    const firstFill = ago(40_000);
    await publishOrderEvent(
      publisher,
      orderUpdatedEvent(userId, order, {
        state: 'PARTIALLY_FILLED',
        final: false,
        filled: '3',
        price: '100',
        filledAt: firstFill,
      }),
      1,
    );
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN', filled: 3, entry: 100 })]),
    );
    expect(await filledAtOf(userId)).toEqual([firstFill]);
    // The rest filled later: the quantity and the brokerage's average price grow, the fill time stays the first's.
    const filled = orderFilledEvent(userId, order, 'BUY', '5', '100.4', ago(10_000));
    await publishOrderEvent(publisher, filled, 2);
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN', filled: 5, entry: 100.4 })]),
    );
    // Told again: the same event redelivered, and a later report of the same fill at another price and time.
    await publishOrderEvent(publisher, filled, 2, true);
    await publishOrderEvent(
      publisher,
      orderUpdatedEvent(userId, order, { state: 'FILLED', final: true, filled: '5', price: '98', filledAt: ago(0) }),
      3,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await copiesOf(userId)).toEqual([
      expect.objectContaining({ status: 'OPEN', filled: 5, entry: 100.4, amount: 502 }),
    ]);
    expect(await filledAtOf(userId)).toEqual([firstFill]);
    expect(await copyOpenedOf(reply.copyInstance.id)).toHaveLength(1);
  });

  it('an-event-without-the-brokerage-time (an older brokerage) dates the fill when the brokerage recorded it', async () => {
    const { copy, body, userId } = scenario();
    MODE = 'submitted';
    await copy(body());
    const [, order] = ordersOf(userId)[0]!;
    const event = orderUpdatedEvent(userId, order, { state: 'FILLED', final: true, filled: '5', price: '99.5' });
    event.data.occurredAt = ago(25_000); // when the brokerage service recorded the fill
    await publishOrderEvent(publisher, event, 1);
    await expectEventually(async () =>
      expect(await copiesOf(userId)).toEqual([expect.objectContaining({ status: 'OPEN', filled: 5 })]),
    );
    expect(await filledAtOf(userId)).toEqual([event.data.occurredAt]);
  });

  it('a-placement-resumed-for-an-open-copy never rewrites its fill price or time, whatever the brokerage answers now', async () => {
    const { copy, body, userId } = scenario();
    const reply = await copy(body());
    const [key, order] = ordersOf(userId)[0]!;
    const first = { filledAt: order.filledAt, entry: FILL_PRICE };
    // The brokerage's record, read again later, says another price and time (a lagging list, a correction).
    ORDERS.set(key, { ...order, executionPrice: 90, filledAt: ago(0) });
    const record = await findCopyById(dataSource.manager, reply.copyInstance.id);
    await app.get(CopyPlacement).place(record!, randomUUID());
    expect(await copiesOf(userId)).toEqual([
      expect.objectContaining({ status: 'OPEN', filled: 5, entry: first.entry }),
    ]);
    expect(await filledAtOf(userId)).toEqual([first.filledAt]);
  });
});
