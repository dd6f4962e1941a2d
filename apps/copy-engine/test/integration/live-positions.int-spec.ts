import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestApplication } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  BrokerageRpc,
  TracesCopyEligibilityRpc,
  TracesLiveTradesRpc,
  type CopyableTradeView,
  type CopyEligibilityRpcPayload,
  type CopyEligibilityRpcReply,
  type ListAccountsRpcReply,
  type LivePositionsResponse,
  type LiveTradesRpcPayload,
  type LiveTradesRpcReply,
  type LiveTradeView,
  type PlaceOrderRpcRequest,
  type QuotesRpcReply,
  type QuotesRpcRequest,
  type RpcRequest,
  type UserScopedRpcRequest,
  LivePositionsMessages,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { CopyTradeUseCase } from '../../src/modules/copies/use-cases/copy-trade.use-case';
import { ListLivePositionsUseCase } from '../../src/modules/live-positions/live-positions.use-case';
import { startCopyEngine, type CopyEngineUnderTest } from '../support/copy-engine-under-test';
import { devSignedActor } from '@copytrade/nest';

/**
 * rpc.copy-engine.live-positions.list through the real copy engine (its app module) on real PostgreSQL with the
 * real migrations and a private nats-server, with stand-ins for traces (live trades, copy eligibility) and the
 * brokerage (accounts, orders, quotes). Copies are made by the real copy saga, so the counts and the user's copies
 * are read from what it recorded; quotes are counted to check they go in batches.
 */
jest.setTimeout(60_000);

const LIVE = new Map<string, LiveTradeView[]>();
const TRADES = new Map<string, LiveTradeView>();
const ACCOUNTS = new Map<string, string>();
const PRICES = new Map<string, number | null>();
const quoteCalls: string[][] = [];
let refuseOrders = false;
let quotesDown = false;

@Controller()
class StandIns {
  @MessagePattern(TracesLiveTradesRpc.list)
  live(@Payload() request: RpcRequest<LiveTradesRpcPayload>): LiveTradesRpcReply {
    return { trades: LIVE.get(request.payload.userId) ?? [], truncated: false };
  }

  @MessagePattern(TracesCopyEligibilityRpc.check)
  eligibility(@Payload() request: RpcRequest<CopyEligibilityRpcPayload>): CopyEligibilityRpcReply {
    const trade = TRADES.get(request.payload.tradeId)!;
    const copyable: CopyableTradeView = {
      id: trade.id,
      traceId: trade.traceId,
      traceName: trade.traceName,
      traceHandle: trade.traceHandle,
      traceAvatar: trade.traceAvatar,
      ownerUserId: trade.trader.id,
      symbol: trade.symbol,
      side: trade.side,
      quantity: String(trade.quantity),
      entryPrice: String(trade.price),
      currentPrice: String(trade.currentPrice),
      isOptions: false,
      optionType: null,
      optionsTicker: null,
      strikePrice: null,
      expirationDate: null,
      contractMultiplier: 1,
      requiredTier: trade.requiredTier,
      sharedAt: trade.sharedAt,
    };
    return { trade: copyable, access: { role: 'subscriber', tier: 'vip' } };
  }

  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    const id = ACCOUNTS.get(request.payload.userId);
    if (!id) throw notRegistered();
    return { accounts: [{ id } as ListAccountsRpcReply['accounts'][number]] };
  }

  @MessagePattern(BrokerageRpc.paperMarket)
  market() {
    return { market: { open: true, hoursMode: 'real', override: null }, quotes: [] };
  }

  @MessagePattern(BrokerageRpc.placeOrder)
  place(@Payload() { payload }: RpcRequest<PlaceOrderRpcRequest>) {
    if (refuseOrders)
      throw new RpcException({
        status: 422,
        code: BrokerageErrorCode.INSUFFICIENT_BUYING_POWER,
        message: BrokerageMessages.insufficientBuyingPower,
      });
    const order = {
      requestId: payload.requestId,
      accountId: payload.accountId ?? null,
      state: 'FILLED',
      clientOrderId: randomUUID(),
      brokerageOrderId: `B-${randomUUID().slice(0, 8)}`,
      action: payload.order.action,
      symbol: payload.order.symbol,
      quantity: payload.order.quantity,
      isOptions: false,
      optionsTicker: null,
      filledQuantity: payload.order.quantity,
      executionPrice: 100.5,
      providerStatus: 'FILLED',
      final: true,
      placedAt: new Date().toISOString(),
    };
    return { order, replayed: false };
  }

  @MessagePattern(BrokerageRpc.getQuotes)
  quotes(@Payload() { payload }: RpcRequest<QuotesRpcRequest>): QuotesRpcReply {
    quoteCalls.push(payload.symbols);
    if (!ACCOUNTS.has(payload.userId)) throw notRegistered();
    if (quotesDown) throw new RpcException({ status: 503, code: 'PROVIDER_UNAVAILABLE', message: 'down' });
    return {
      quotes: payload.symbols.map((symbol) => {
        const price = PRICES.has(symbol) ? PRICES.get(symbol)! : 50;
        return { symbol, price, bid: price, ask: price };
      }),
    };
  }
}
@Module({ controllers: [StandIns] })
class StandInsModule {}

const notRegistered = () =>
  new RpcException({
    status: 404,
    code: BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
    message: BrokerageMessages.registrationRequired,
  });

let engine: CopyEngineUnderTest;
let app: INestApplication;
let dataSource: DataSource;
let copyTrade: CopyTradeUseCase;
let livePositions: ListLivePositionsUseCase;

beforeAll(async () => {
  engine = await startCopyEngine('copy_engine_live_positions', StandInsModule);
  ({ app, dataSource } = engine);
  copyTrade = app.get(CopyTradeUseCase);
  livePositions = app.get(ListLivePositionsUseCase);
}, 90_000);

afterAll(async () => {
  await engine?.stop();
});

beforeEach(() => {
  refuseOrders = false;
  quotesDown = false;
  quoteCalls.length = 0;
});

const traderId = randomUUID();
function liveTrade(overrides: Partial<LiveTradeView> = {}): LiveTradeView {
  const trade: LiveTradeView = {
    id: randomUUID(),
    symbol: 'AAPL',
    side: 'buy',
    quantity: 10,
    price: 100,
    currentPrice: 101,
    status: 'open',
    executedAt: '2026-01-05T15:00:00.000Z',
    closedAt: null,
    strategy: 'Momentum',
    confidence: 'High',
    notes: 'note',
    tags: ['tech'],
    requiredTier: 'basic',
    isOptions: false,
    optionType: null,
    optionsTicker: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
    unrealizedPnl: 10,
    realizedPnl: 0,
    copyCount: 0,
    traceId: randomUUID(),
    traceName: 'Alpha',
    traceHandle: 'alpha',
    traceAvatar: '/avatars/alpha.png',
    trader: { id: traderId, username: 'alpha_trader' },
    sharedAt: '2026-01-05T15:01:00.000Z',
    lastSyncedAt: '2026-01-05T15:01:00.000Z',
    isOwn: false,
    ...overrides,
  };
  TRADES.set(trade.id, trade);
  return trade;
}

/** A follower with a brokerage account who sees `trades`. */
function follower(trades: LiveTradeView[], withBrokerage = true) {
  const userId = randomUUID();
  if (withBrokerage) ACCOUNTS.set(userId, `acct-${userId.slice(0, 8)}`);
  LIVE.set(userId, trades);
  return userId;
}

const copy = (userId: string, tradeId: string) =>
  copyTrade.execute({
    requestId: randomUUID(),
    actor: devSignedActor({ userId, isAdmin: false }),
    payload: {
      userId,
      tradeId,
      accountId: ACCOUNTS.get(userId)!,
      copyAmount: 1000,
      customQuantity: 3,
      confirmRisks: true,
      requestId: `req-${randomUUID()}`,
      maxCopyAmount: null,
    },
  });

const read = (userId: string, asUser = userId): Promise<LivePositionsResponse> =>
  livePositions.execute({
    requestId: randomUUID(),
    actor: devSignedActor({ userId: asUser, isAdmin: false }),
    payload: { userId },
  });

it('counts copies per trade and shows the user’s own copy at once (read-your-writes), with the trader’s username', async () => {
  const apple = liveTrade({ symbol: 'AAPL' });
  const microsoft = liveTrade({ symbol: 'MSFT', side: 'sell', price: 200, currentPrice: 190, unrealizedPnl: 100 });
  const viewer = follower([apple, microsoft]);
  const other = follower([apple]);
  const refused = follower([apple]);
  PRICES.set('AAPL', 110);
  PRICES.set('MSFT', 180);

  let answer = await read(viewer);
  expect(answer.positions.map((position) => [position.symbol, position.copyCount, position.hasUserCopied])).toEqual([
    ['AAPL', 0, false],
    ['MSFT', 0, false],
  ]);

  await copy(other, apple.id);
  refuseOrders = true;
  await expect(copy(refused, apple.id)).rejects.toMatchObject({ code: BrokerageErrorCode.INSUFFICIENT_BUYING_POWER });
  refuseOrders = false;
  const mine = await copy(viewer, apple.id);

  answer = await read(viewer);
  expect(answer).toMatchObject({ success: true, error: null, apiWarnings: [] });
  const [aapl, msft] = answer.positions;
  expect(aapl).toMatchObject({
    id: apple.id,
    tracerName: 'Alpha',
    tracerHandle: 'alpha',
    avatarSrc: '/avatars/alpha.png',
    trader: { id: traderId, username: 'alpha_trader' },
    symbol: 'AAPL',
    side: 'buy',
    quantity: 10,
    price: 100,
    currentPrice: 110,
    priceSource: 'quote',
    pnl: 100,
    isProfit: true,
    confidence: 'High',
    strategy: 'Momentum',
    traceId: apple.traceId,
    tier: 'basic',
    notes: 'note',
    tags: ['tech'],
    copyCount: 2,
    copiedByUsers: 2,
    activeCopies: 2,
    hasUserCopied: true,
  });
  expect(aapl!.copyInstances).toHaveLength(1);
  expect(aapl!.copyInstances[0]).toMatchObject({
    id: mine.copyInstance.id,
    status: 'open',
    copyQuantity: 3,
    originalTrade: { id: apple.id, trader: { id: traderId, username: 'alpha_trader' } },
  });
  // A sell: (entry − current) × quantity.
  expect(msft).toMatchObject({ currentPrice: 180, pnl: 200, isProfit: true, copyCount: 0, hasUserCopied: false });
  expect(msft!.copyInstances).toEqual([]);

  // Another user sees the same counts, and none of the viewer's copies.
  const [otherView] = (await read(other)).positions;
  expect(otherView).toMatchObject({ copyCount: 2, activeCopies: 2, hasUserCopied: true });
  expect(otherView!.copyInstances.map((instance) => instance.id)).not.toContain(mine.copyInstance.id);
  const [refusedView] = (await read(refused)).positions;
  expect(refusedView).toMatchObject({ copyCount: 2, hasUserCopied: false, copyInstances: [] });

  // A closed copy still counts as a copy, not as an active one.
  await dataSource.query(
    `UPDATE copy_engine.copy_instances SET status = 'CLOSED', closed_at = now(), exit_price = 105, realized_pnl = 15
      WHERE user_id = $1`,
    [other],
  );
  const [afterClose] = (await read(viewer)).positions;
  expect(afterClose).toMatchObject({ copyCount: 2, copiedByUsers: 2, activeCopies: 1, hasUserCopied: true });
});

it('quotes the distinct stock symbols in batches of 10 — never one call per trade', async () => {
  const symbols = Array.from({ length: 13 }, (_, index) => `SYM${index}`);
  const trades = [...symbols, ...symbols].map((symbol) => liveTrade({ symbol }));
  const viewer = follower(trades);
  const answer = await read(viewer);
  expect(answer.positions).toHaveLength(26);
  expect(answer.positions.every((position) => position.priceSource === 'quote' && position.currentPrice === 50)).toBe(
    true,
  );
  expect(quoteCalls.map((call) => call.length).sort()).toEqual([10, 3]);
  expect(new Set(quoteCalls.flat()).size).toBe(13);
});

it('a price that cannot be had keeps the trace’s price and says so in error / apiWarnings — never fails the answer', async () => {
  PRICES.set('GONE', null);
  const gone = liveTrade({ symbol: 'GONE', currentPrice: 97, unrealizedPnl: -30 });
  const fine = liveTrade({ symbol: 'FINE' });
  const option = liveTrade({
    symbol: 'SPY',
    isOptions: true,
    optionType: 'call',
    strikePrice: 500,
    expirationDate: '2026-12-18',
    contractMultiplier: 100,
    price: 250,
    currentPrice: 300,
    unrealizedPnl: 5,
  });
  const viewer = follower([gone, fine, option]);
  const answer = await read(viewer);
  expect(answer.success).toBe(true);
  expect(answer.error).toBe(LivePositionsMessages.pricesUnavailable);
  expect(answer.apiWarnings).toEqual([
    LivePositionsMessages.optionsNotQuoted(['SPY']),
    LivePositionsMessages.quoteFailed(['GONE']),
  ]);
  const bySymbol = new Map(answer.positions.map((position) => [position.symbol, position]));
  expect(bySymbol.get('GONE')).toMatchObject({ currentPrice: 97, priceSource: 'trace', pnl: -30, isProfit: false });
  expect(bySymbol.get('FINE')).toMatchObject({ currentPrice: 50, priceSource: 'quote' });
  expect(bySymbol.get('SPY')).toMatchObject({
    currentPrice: 300,
    priceSource: 'trace',
    pnl: 5,
    contractMultiplier: 100,
  });
  expect(quoteCalls).toEqual([['GONE', 'FINE']]);

  quotesDown = true;
  const down = await read(viewer);
  expect(down.positions).toHaveLength(3);
  expect(down.apiWarnings).toContain(LivePositionsMessages.quoteFailed(['FINE', 'GONE']));
});

it('a user without a brokerage gets the positions with the traces’ prices and a warning to connect one', async () => {
  const viewer = follower([liveTrade({ symbol: 'NOBK', currentPrice: 104, unrealizedPnl: 40 })], false);
  const answer = await read(viewer);
  expect(answer).toMatchObject({
    success: true,
    error: LivePositionsMessages.pricesUnavailable,
    apiWarnings: [LivePositionsMessages.noBrokerage],
  });
  expect(answer.positions[0]).toMatchObject({ currentPrice: 104, priceSource: 'trace', pnl: 40 });
});

it('no visible trades: an empty feed without a quote call; another user’s id is refused', async () => {
  const viewer = follower([]);
  expect(await read(viewer)).toEqual({ success: true, positions: [], error: null, apiWarnings: [] });
  expect(quoteCalls).toEqual([]);
  await expect(read(viewer, randomUUID())).rejects.toMatchObject({ status: 403 });
});
