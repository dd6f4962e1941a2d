import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  BrokerageRpc,
  COPY_AUDIENCE_PAGE_MAX,
  IdentityUsersRpc,
  TracesCopyAudienceRpc,
  TradeClosed,
  TradeShared,
  UserSettingsChanged,
  ordersOfBatch,
  requestedLimit,
  tradeAggregateId,
  type AccountValuesRpcReply,
  type AccountValuesRpcRequest,
  type MarketQuotesRpcReply,
  type MarketQuotesRpcRequest,
  type CopyableTradeView,
  type CopyAudienceRpcPayload,
  type CopyAudienceRpcReply,
  type EventEnvelope,
  type GetPlacedOrderRpcRequest,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
  type PlacedOrderView,
  type PlaceOrderBatchOrder,
  type PlaceOrderBatchResult,
  type PlaceOrderBatchRpcReply,
  type PlaceOrderBatchRpcRequest,
  type PlaceOrderRpcRequest,
  type PaperMarketRpcReply,
  type RpcRequest,
  type TradeClosedV1,
  type TradeSharedV1,
  type UserSettingsChangedV1,
} from '@copytrade/contracts';

/**
 * Stand-ins for what automatic copying asks of other services, with their real contracts: traces' copy audience
 * (keyset-paged, as the real query), the brokerage's placeOrderBatch / placeOrder / getPlacedOrder — idempotent per
 * (user, request id) like the real one: a repeat answers the first order, `replayed`, and `placed` counts the orders
 * really placed, so "one order per follower" is checked where an order would be placed — and identity's user lookup.
 * Per user, the brokerage fills at once (the paper broker), accepts (SnapTrade: SUBMITTED, settled by events), or
 * refuses with an error.
 */
export type BrokerBehaviour = 'filled' | 'submitted' | { status: number; code: string; message: string };

export const FILL_PRICE = 101.25;

export const world = {
  trades: new Map<string, CopyableTradeView>(),
  audiences: new Map<string, string[]>(),
  behaviour: new Map<string, BrokerBehaviour>(),
  orders: new Map<string, PlacedOrderView>(),
  /** Orders really placed per (user, request id) — more than one would be a doubled order. */
  placed: new Map<string, number>(),
  accounts: new Map<string, string>(),
  batchCalls: 0,
  /** Requests for an order already placed (answered `replayed`): a copy sent twice. */
  replays: 0,
  /** Delay of each batch answer (ms), to widen the window a crash can hit. */
  batchDelayMs: 0,
  /**
   * How long before placing an order the brokerage's record says it executed (ms): set, a receipt dated when the
   * copy engine learned of the fill instead of by the brokerage's record is seen at once. 0: executed when placed.
   */
  executedAgoMs: 0,
  /** Delay before a batch's orders are placed (ms): the time a batch spends on its way to the market. */
  placeDelayMs: 0,
  /** The users of the batches on their way to the market now (during placeDelayMs). */
  onTheirWay: new Set<string>(),
  /** Answer the next `n` batch calls with nothing (a timeout). */
  silentBatches: 0,
  /** Traces fails every page of an audience but the first (an outage in the middle of a fan-out). */
  refuseLaterAudiencePages: false,
  /**
   * The brokerage's live quote per symbol (stock ticker or OCC ticker). A symbol not set here is quoted at the
   * latest price of a trade of it; `null` means the brokerage cannot quote it.
   */
  quotes: new Map<string, number | null>(),
  quoteCalls: [] as MarketQuotesRpcRequest[],
  /** The brokerage's known value of a user's primary account (decimal text, USD unless given); unset: unknown. */
  accountValues: new Map<string, { totalValue: string; currency?: string }>(),
  accountValueCalls: [] as AccountValuesRpcRequest[],
  /** The market is closed: every order is refused MARKET_CLOSED, as the paper broker refuses one (per order). */
  marketClosed: false,
  /** What the brokerage's market clock says of the next open while closed (null: none, as SnapTrade has none). */
  nextOpenAt: null as Date | null,
  /** Refusals kept per (user, request id), as the real brokerage keeps them: a repeat is answered the same. */
  refusals: new Map<string, { status: number; code: string; message: string }>(),
  reset(): void {
    this.accountValues.clear();
    this.accountValueCalls = [];
    this.marketClosed = false;
    this.nextOpenAt = null;
    this.refusals.clear();
    this.quotes.clear();
    this.quoteCalls = [];
    this.trades.clear();
    this.audiences.clear();
    this.behaviour.clear();
    this.orders.clear();
    this.placed.clear();
    this.accounts.clear();
    this.batchCalls = 0;
    this.replays = 0;
    this.batchDelayMs = 0;
    this.executedAgoMs = 0;
    this.placeDelayMs = 0;
    this.onTheirWay.clear();
    this.silentBatches = 0;
    this.refuseLaterAudiencePages = false;
  },
};

/** As the real brokerage answers a user never registered with it: 409 (not an order in flight). */
export const NO_BROKERAGE = {
  status: 409,
  code: BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
  message: BrokerageMessages.registrationRequired,
};
export const NO_BUYING_POWER = {
  status: 422,
  code: BrokerageErrorCode.INSUFFICIENT_BUYING_POWER,
  message: BrokerageMessages.insufficientBuyingPower,
};
export const MARKET_CLOSED = {
  status: 422,
  code: BrokerageErrorCode.MARKET_CLOSED,
  message: BrokerageMessages.marketClosed,
};

const accountOf = (userId: string) => {
  let account = world.accounts.get(userId);
  if (!account) world.accounts.set(userId, (account = `acct-${userId.slice(0, 8)}`));
  return account;
};

/** The brokerage's placement of one order, idempotent per (user, request id). */
export function placeAtBrokerage(item: PlaceOrderBatchOrder | PlaceOrderRpcRequest): PlaceOrderBatchResult {
  const key = `${item.userId}:${item.requestId}`;
  const seen = world.orders.get(key);
  const base = { requestId: item.requestId, userId: item.userId };
  if (seen) {
    world.replays += 1;
    return { ...base, accountId: seen.accountId, order: seen, replayed: true, error: null };
  }
  const refused = world.refusals.get(key);
  if (refused) return { ...base, accountId: null, order: null, replayed: true, error: refused };
  if (world.marketClosed) {
    world.refusals.set(key, MARKET_CLOSED);
    return { ...base, accountId: null, order: null, replayed: false, error: MARKET_CLOSED };
  }
  const behaviour = world.behaviour.get(item.userId) ?? 'filled';
  if (typeof behaviour === 'object')
    return { ...base, accountId: null, order: null, replayed: false, error: behaviour };
  const accountId = item.accountId ?? accountOf(item.userId);
  // An immediate-or-cancel limit the fill price is past ends at once with nothing filled, like the paper broker's.
  const limit = item.order.limitPrice;
  const limitMissed = limit !== undefined && (item.order.action === 'BUY' ? FILL_PRICE > limit : FILL_PRICE < limit);
  const filled = behaviour === 'filled' && !limitMissed;
  const order: PlacedOrderView = {
    requestId: item.requestId,
    accountId,
    state: limitMissed ? 'CANCELED' : filled ? 'FILLED' : 'SUBMITTED',
    clientOrderId: randomUUID(),
    brokerageOrderId: `B-${randomUUID().slice(0, 8)}`,
    action: item.order.action,
    symbol: item.order.symbol,
    quantity: item.order.quantity,
    isOptions: Boolean(item.order.isOptions),
    optionsTicker: item.order.optionsTicker ?? null,
    filledQuantity: filled ? item.order.quantity : 0,
    executionPrice: filled ? FILL_PRICE : null,
    providerStatus: limitMissed ? 'CANCELED' : filled ? 'FILLED' : 'SUBMITTED',
    final: filled || limitMissed,
    placedAt: new Date().toISOString(),
    filledAt: filled ? new Date(Date.now() - world.executedAgoMs).toISOString() : null,
    ...requestedLimit(item.order),
  };
  world.orders.set(key, order);
  world.placed.set(key, (world.placed.get(key) ?? 0) + 1);
  return { ...base, accountId, order, replayed: false, error: null };
}

/**
 * A linked brokerage's later refusal of an order it had accepted (SnapTrade's refuses an order when its scheduler
 * sends it, e.g. the market closed meanwhile): from now on a repeat of its request id is answered with the refusal, as
 * the real brokerage replays a REJECTED order's error. Answers the order, for its OrderUpdated.
 */
export function refuseLater(
  userId: string,
  requestId: string,
  refusal: { status: number; code: string; message: string },
): PlacedOrderView {
  const key = `${userId}:${requestId}`;
  const order = world.orders.get(key);
  if (!order) throw new Error(`The brokerage has no order ${key} to refuse`);
  world.orders.delete(key);
  world.refusals.set(key, refusal);
  return order;
}

function quoteOf(symbol: string): number | null {
  if (world.quotes.has(symbol)) return world.quotes.get(symbol)!;
  const trade = [...world.trades.values()].find((each) => (each.optionsTicker ?? each.symbol) === symbol);
  return trade ? Number(trade.currentPrice) : null;
}

@Controller()
class AutoCopyStandIns {
  @MessagePattern(TracesCopyAudienceRpc.list)
  audience(@Payload() { payload }: RpcRequest<CopyAudienceRpcPayload>): CopyAudienceRpcReply {
    const trade = world.trades.get(payload.tradeId) ?? null;
    if (!trade) return { trade: null, copyable: false, userIds: [], nextCursor: null };
    if (payload.after && world.refuseLaterAudiencePages) throw new Error('traces is unavailable');
    const limit = payload.limit ?? COPY_AUDIENCE_PAGE_MAX;
    const all = world.audiences.get(payload.tradeId) ?? [];
    const userIds = all.filter((id) => !payload.after || id > payload.after).slice(0, limit);
    return { trade, copyable: true, userIds, nextCursor: userIds.length === limit ? userIds[limit - 1]! : null };
  }

  @MessagePattern(BrokerageRpc.placeOrderBatch)
  async batch(@Payload() { payload }: RpcRequest<PlaceOrderBatchRpcRequest>): Promise<PlaceOrderBatchRpcReply> {
    world.batchCalls += 1;
    const orders = ordersOfBatch(payload);
    if (world.placeDelayMs > 0) {
      for (const order of orders) world.onTheirWay.add(order.userId);
      await new Promise((resolve) => setTimeout(resolve, world.placeDelayMs));
      for (const order of orders) world.onTheirWay.delete(order.userId);
    }
    const results = orders.map(placeAtBrokerage);
    if (world.batchDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, world.batchDelayMs));
    if (world.silentBatches > 0) {
      world.silentBatches -= 1;
      await new Promise((resolve) => setTimeout(resolve, 60_000).unref()); // placed, but the answer never comes
    }
    return { results };
  }

  @MessagePattern(BrokerageRpc.marketQuotes)
  marketQuotes(@Payload() { payload }: RpcRequest<MarketQuotesRpcRequest>): MarketQuotesRpcReply {
    world.quoteCalls.push(payload);
    const quotes = payload.symbols.flatMap((symbol) => {
      const price = quoteOf(symbol);
      return price === null ? [] : [{ symbol, price, bid: price, ask: price }];
    });
    if (quotes.length === 0)
      throw new RpcException({ status: 503, code: 'QUOTE_UNAVAILABLE', message: 'No quote could be had.' });
    return { quotes, quotedAt: new Date().toISOString() };
  }

  @MessagePattern(BrokerageRpc.accountValues)
  accountValuesOf(@Payload() { payload }: RpcRequest<AccountValuesRpcRequest>): AccountValuesRpcReply {
    world.accountValueCalls.push(payload);
    const asOf = new Date().toISOString();
    return {
      values: payload.userIds.flatMap((userId) => {
        const known = world.accountValues.get(userId);
        if (!known) return [];
        return [{ userId, accountId: accountOf(userId), currency: 'USD', ...known, asOf }];
      }),
    };
  }

  /** The paper broker's clock; with no next open set it answers as a brokerage without a clock (SnapTrade). */
  @MessagePattern(BrokerageRpc.paperMarket)
  market(): PaperMarketRpcReply {
    if (!world.nextOpenAt)
      throw new RpcException({ status: 400, code: BrokerageErrorCode.PAPER_BROKER_ONLY, message: 'Paper broker only' });
    const open = !world.marketClosed;
    const nextOpenAt = (open ? new Date() : world.nextOpenAt).toISOString();
    return { market: { open, hoursMode: 'real', override: null, nextOpenAt }, quotes: [] };
  }

  @MessagePattern(BrokerageRpc.placeOrder)
  place(@Payload() { payload }: RpcRequest<PlaceOrderRpcRequest>) {
    const result = placeAtBrokerage(payload);
    if (result.error) throw new RpcException(result.error);
    return { order: result.order, replayed: result.replayed };
  }

  @MessagePattern(BrokerageRpc.getPlacedOrder)
  stored(@Payload() { payload }: RpcRequest<GetPlacedOrderRpcRequest>) {
    return { order: world.orders.get(`${payload.userId}:${payload.requestId}`) ?? null };
  }

  @MessagePattern(IdentityUsersRpc.lookup)
  users(@Payload() { payload }: RpcRequest<LookupUsersRpcRequest>): LookupUsersRpcReply {
    return { users: payload.ids.map((id) => ({ id, username: `trader_${id.slice(0, 8)}`, email: null })) };
  }
}

@Module({ controllers: [AutoCopyStandIns] })
export class AutoCopyStandInsModule {}

/** A shared open trade of a trace (stock unless `trade` says otherwise), and its eligible followers. */
export function sharedTrade(followers: string[], trade: Partial<CopyableTradeView> = {}): CopyableTradeView {
  const id = randomUUID();
  const view: CopyableTradeView = {
    id,
    traceId: randomUUID(),
    traceName: 'Alpha',
    traceHandle: '@alpha',
    traceAvatar: null,
    ownerUserId: randomUUID(),
    symbol: 'AAPL',
    side: 'buy',
    quantity: '10',
    entryPrice: '100',
    currentPrice: '100',
    isOptions: false,
    optionType: null,
    optionsTicker: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
    requiredTier: 'basic',
    sharedAt: '2026-01-05T15:30:00.000Z',
    ...trade,
  };
  world.trades.set(id, view);
  world.audiences.set(id, [...followers].sort());
  return view;
}

export function envelope<T>(
  type: string,
  producer: string,
  aggregateId: string,
  version: number,
  data: T,
): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer,
    correlationId: randomUUID(),
    aggregateId,
    aggregateVersion: version,
    data,
  };
}

export async function publish(nc: NatsConnection, subject: string, event: EventEnvelope): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID: event.id });
}

/**
 * TradeShared for the trade (version 1 of its aggregate), written by traces now or at `occurredAt`; answers the
 * envelope (its id keys the copies).
 */
export async function publishTradeShared(nc: NatsConnection, trade: CopyableTradeView, occurredAt = new Date()) {
  const event = envelope<TradeSharedV1>(TradeShared.type, 'traces', tradeAggregateId(trade.id), 1, {
    tradeId: trade.id,
    traceId: trade.traceId,
    ownerUserId: trade.ownerUserId,
    symbol: trade.symbol,
    side: trade.side,
    quantity: trade.quantity,
    entryPrice: trade.entryPrice,
    optionsTicker: trade.optionsTicker,
    optionType: trade.optionType,
    strikePrice: trade.strikePrice,
    expirationDate: trade.expirationDate,
    contractMultiplier: trade.contractMultiplier,
    isOptions: trade.isOptions,
    requiredTier: trade.requiredTier ?? 'free',
    strategy: 'momentum',
    confidence: 'high',
    notes: null,
    sharedAt: trade.sharedAt!,
  });
  event.occurredAt = occurredAt.toISOString();
  await publish(nc, TradeShared.subject, event);
  return event;
}

/** The same envelope again (JetStream would drop a repeated msg id: a redelivery, as the consumer sees one). */
export async function republish(nc: NatsConnection, subject: string, event: EventEnvelope): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(event));
}

/** TradeClosed for a shared trade (version 2 of its aggregate, after its TradeShared). */
export async function publishTradeClosed(nc: NatsConnection, trade: CopyableTradeView) {
  const event = envelope<TradeClosedV1>(TradeClosed.type, 'traces', tradeAggregateId(trade.id), 2, {
    tradeId: trade.id,
    traceId: trade.traceId,
    ownerUserId: trade.ownerUserId,
    symbol: trade.symbol,
    side: trade.side,
    quantity: trade.quantity,
    entryPrice: trade.entryPrice,
    optionsTicker: trade.optionsTicker,
    optionType: trade.optionType,
    strikePrice: trade.strikePrice,
    expirationDate: trade.expirationDate,
    contractMultiplier: trade.contractMultiplier,
    exitPrice: '110',
    realizedPnl: '100',
    reason: 'sold',
    isShared: true,
    brokerageOrderId: 'B-owner-sell',
    closedAt: new Date().toISOString(),
  });
  await publish(nc, TradeClosed.subject, event);
  return event;
}

const settingsVersions = new Map<string, number>();

/** UserSettingsChanged with the user's full copy settings (the next version of `user-settings:<id>`). */
export async function publishSettings(
  nc: NatsConnection,
  userId: string,
  settings: Partial<
    Pick<UserSettingsChangedV1, 'defaultCopyAmount' | 'maxCopyAmount' | 'closeAutoCopiesOnTraderSell'>
  > & {
    copyTradingEnabled: boolean;
  },
) {
  const version = (settingsVersions.get(userId) ?? 0) + 1;
  settingsVersions.set(userId, version);
  const event = envelope<UserSettingsChangedV1>(
    UserSettingsChanged.type,
    'identity',
    `user-settings:${userId}`,
    version,
    {
      userId,
      changedFields: ['copyTradingEnabled'],
      defaultCopyAmount: null,
      maxCopyAmount: null,
      ...settings,
      notificationPreferences: {
        emailNotifications: true,
        notifyOnTradeShared: true,
        notifyOnTradeSold: true,
        notifyOnCopiedTradeSold: true,
      },
      changedAt: new Date().toISOString(),
    },
  );
  await publish(nc, UserSettingsChanged.subject, event);
  return event;
}
