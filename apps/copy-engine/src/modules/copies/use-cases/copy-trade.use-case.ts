import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  COPY_TRADE_REQUIRED_FIELDS,
  CopyTradeErrorCode,
  CopyTradeMessages,
  Messages,
  TracesCopyEligibilityRpc,
  isWholeOrderQuantity,
  type CopyableTradeView,
  type CopyEligibilityRpcPayload,
  type CopyEligibilityRpcReply,
  type CopyTradeRpcPayload,
  type CopyTradeRpcReply,
  type ListAccountsRpcReply,
  type OrderIntentState,
  type PaperMarketRpcReply,
  type PaperMarketRpcRequest,
  type RpcRequest,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient, type RpcCallContext } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource, QueryFailedError } from 'typeorm';
import { COPY_ENGINE_RPC } from '../copies.tokens';
import { toCopyInstanceView } from '../copy-instance.mapper';
import { TraderNames } from '../trader-names';
import {
  claimBrokerageCall,
  copiedTradeFieldsOf,
  findCopyByRequest,
  findLiveCopyOfTrade,
  insertPendingCopy,
  type CopyRecord,
} from '../copy-instances.store';
import { CopyPlacement, type PlacementOutcome } from '../copy-placement';
import { findFollowerGuards, findTraceGuards } from '../../copy-guards/copy-guards.store';
import { protectionPercentOf } from '../../copy-limits/copy-guards-screen';
import { estimatedCost, priceMovedSkip, protectedLimitPrice } from '../../copy-limits/copy-limits';
import { LiveQuotes } from '../../copy-limits/live-quotes';

const ONE_COPY_PER_TRADE = 'copy_instances_one_copy_per_trade_idx';

/**
 * POST /api/snaptrade/copy-trade (rpc.copy-engine.copies.create): a follower's manual copy of a shared trade.
 *
 * The checks, in the order, each refusal with a code and a message the web app maps to a toast
 * (docs/product.md#error-messages): required fields → (a repeat of the request id answers its first result here) → the
 * trade exists, is shared and open → the user may copy it (both asked of traces) → not already copied → a connected
 * brokerage and the user's own first account (asked of the brokerage) → the trade's options data complete → a whole
 * quantity ≥ 1 → within the user's maxCopyAmount at a live quote of the follower's account (never the trade's stored
 * price) → the market open (the paper broker's clock; a provider without one refuses at placement).
 *
 * Then the saga: the copy is recorded PENDING under UNIQUE(user, request id) in a statement of its own before the
 * brokerage is called (whoever inserts first owns the call; a concurrent repeat answers 409 while it is under way);
 * the market order is placed with that request id and its outcome recorded (CopyPlacement): filled → OPEN with
 * CopyOpened in one transaction; accepted → PENDING (202); unknown → PENDING awaiting confirmation (202); refused →
 * FAILED with the reason (the refusal answered). A crash at any point leaves a PENDING copy the sweeper resumes with
 * the same request id.
 */
@Injectable()
export class CopyTradeUseCase {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
    private readonly placement: CopyPlacement,
    private readonly quotes: LiveQuotes,
  ) {}

  /** The copy (below), answered with the trader's username on its view. */
  async execute(request: RpcRequest<CopyTradeRpcPayload>): Promise<CopyTradeRpcReply> {
    const reply = await this.copy(request);
    const [copyInstance] = await new TraderNames(this.rpc).fill([reply.copyInstance], request);
    return { ...reply, copyInstance: copyInstance! };
  }

  private async copy({
    actor,
    payload,
    requestId: traceId,
  }: RpcRequest<CopyTradeRpcPayload>): Promise<CopyTradeRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    const missing = COPY_TRADE_REQUIRED_FIELDS.filter((field) => {
      const value = payload[field];
      return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    });
    if (missing.length > 0)
      throw new DomainException(
        400,
        CopyTradeErrorCode.MISSING_REQUIRED_FIELDS,
        CopyTradeMessages.missingFields(missing),
      );
    const userId = actor.userId;
    if (payload.userId !== userId) throw DomainException.forbidden('You can only copy trades for yourself.');
    if (payload.confirmRisks !== true)
      throw new DomainException(400, CopyTradeErrorCode.RISKS_NOT_CONFIRMED, CopyTradeMessages.risksNotConfirmed);

    const hash = requestHashOf(payload);
    const existing = await findCopyByRequest(this.dataSource.manager, userId, payload.requestId);
    if (existing) return this.repeat(existing, hash, traceId);

    const context: RpcCallContext = { requestId: traceId, actor };
    const { trade } = await this.rpc.request<CopyEligibilityRpcPayload, CopyEligibilityRpcReply>(
      TracesCopyEligibilityRpc.check,
      { userId, tradeId: payload.tradeId! },
      context,
    );
    const live = await findLiveCopyOfTrade(this.dataSource.manager, userId, trade.id);
    // A concurrent repeat of this very request may have recorded it since: that is its copy, not another.
    if (live?.requestId === payload.requestId) return this.repeat(live, hash, traceId);
    if (live) throw new DomainException(409, CopyTradeErrorCode.ALREADY_COPIED, CopyTradeMessages.alreadyCopied);
    await this.requireOwnFirstAccount(userId, payload.accountId!, context);
    requireCompleteOptionsData(trade);
    const quantity = payload.customQuantity ?? Number(trade.quantity);
    if (!isWholeOrderQuantity(quantity))
      throw new DomainException(400, CopyTradeErrorCode.INVALID_QUANTITY, CopyTradeMessages.invalidQuantity);
    const quote = await this.quotes.inAccount(userId, payload.accountId!, trade, context);
    requireWithinMaxCopyAmount(quote.price, quantity, trade.contractMultiplier, payload.maxCopyAmount);
    const limitPrice = await this.protectedLimit(userId, trade, quote.price, quantity, payload.maxCopyAmount);
    await this.requireMarketOpen(context);

    let copy: CopyRecord | null;
    try {
      copy = await insertPendingCopy(
        this.dataSource.manager,
        {
          userId,
          requestId: payload.requestId,
          requestHash: hash,
          originalTradeId: trade.id,
          traceId: trade.traceId,
          traderUserId: trade.ownerUserId,
          ...copiedTradeFieldsOf(trade),
          placement: 'manual',
          quantityRequested: String(quantity),
          brokerageAccountId: payload.accountId!,
          traderPrice: trade.entryPrice,
          traderSharedAt: trade.sharedAt ? new Date(trade.sharedAt) : null,
          sizingPrice: quote.price.toFixed(),
          sizingQuotedAt: quote.quotedAt,
          maxCopyAmount: payload.maxCopyAmount === null ? null : String(payload.maxCopyAmount),
          limitPrice: limitPrice?.toFixed() ?? null,
        },
        this.placement.leaseMs,
      );
    } catch (error) {
      if (!isUniqueViolation(error, ONE_COPY_PER_TRADE)) throw error;
      // The copy of this trade may be this very request's, recorded by a concurrent repeat of it.
      const same = await findCopyByRequest(this.dataSource.manager, userId, payload.requestId);
      if (same) return this.repeat(same, hash, traceId);
      throw new DomainException(409, CopyTradeErrorCode.ALREADY_COPIED, CopyTradeMessages.alreadyCopied);
    }
    // Another call with this request id recorded it first: it owns the brokerage call.
    if (!copy)
      return this.repeat((await findCopyByRequest(this.dataSource.manager, userId, payload.requestId))!, hash, traceId);
    const placed = await this.placement.place(copy, traceId);
    return replyOf(placed.copy, placed.outcome, false);
  }

  /**
   * A request id already recorded: a different body is 422; a brokerage call still under way is 409; a PENDING copy
   * whose call is free is resumed (the brokerage answers the first order again); otherwise the recorded result.
   */
  private async repeat(copy: CopyRecord, hash: string, traceId: string): Promise<CopyTradeRpcReply> {
    if (copy.requestHash !== hash)
      throw new DomainException(422, CopyTradeErrorCode.REQUEST_ID_REUSED, CopyTradeMessages.requestIdReused);
    if (copy.status === 'FAILED')
      throw new DomainException(422, copy.failureCode ?? CopyTradeErrorCode.COPY_NOT_FILLED, copy.failureReason ?? '');
    if (copy.status === 'PENDING') {
      if (!(await claimBrokerageCall(this.dataSource.manager, copy.id, this.placement.leaseMs)))
        throw new DomainException(409, CopyTradeErrorCode.COPY_IN_FLIGHT, CopyTradeMessages.inFlight);
      const placed = await this.placement.place(copy, traceId);
      return replyOf(placed.copy, placed.outcome, true);
    }
    return replyOf(copy, null, true);
  }

  /**
   * With the follower's price protection on (the trace's percent, else their own): refused when the live quote has
   * already moved past it from the trader's price, else the limit its order goes out with (docs/product.md, "Copy
   * guards"). Null: protection off, a market order.
   */
  private async protectedLimit(
    userId: string,
    trade: CopyableTradeView,
    quote: Decimal,
    quantity: number,
    maxCopyAmount: number | null,
  ): Promise<Decimal | null> {
    const manager = this.dataSource.manager;
    const [follower, traceGuards] = await Promise.all([
      findFollowerGuards(manager, userId),
      findTraceGuards(manager, userId, trade.traceId),
    ]);
    const protection = protectionPercentOf({ follower, trace: traceGuards });
    const traderPrice = new Decimal(trade.entryPrice);
    const moved = priceMovedSkip(trade.side, traderPrice, quote, protection);
    if (moved) throw new DomainException(422, moved.code, moved.reason, { quotedPrice: quote.toNumber() });
    return protectedLimitPrice({
      side: trade.side,
      traderPrice,
      protectionPercent: protection,
      maxCopyAmount: maxCopyAmount === null || maxCopyAmount === undefined ? null : new Decimal(maxCopyAmount),
      quantity: new Decimal(quantity),
      multiplier: trade.contractMultiplier,
    });
  }

  private async requireOwnFirstAccount(userId: string, accountId: string, context: RpcCallContext): Promise<void> {
    let accounts: ListAccountsRpcReply['accounts'] = [];
    try {
      ({ accounts } = await this.rpc.request<UserScopedRpcRequest, ListAccountsRpcReply>(
        BrokerageRpc.listAccounts,
        { userId },
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      ));
    } catch (error) {
      if (!(error instanceof DomainException && error.code === BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED))
        throw error;
    }
    if (accounts.length === 0)
      throw new DomainException(
        400,
        CopyTradeErrorCode.BROKERAGE_NOT_CONNECTED,
        CopyTradeMessages.brokerageNotConnected,
      );
    if (accounts[0]!.id !== accountId)
      throw new DomainException(403, CopyTradeErrorCode.ACCOUNT_NOT_OWN, CopyTradeMessages.accountNotOwn);
  }

  private async requireMarketOpen(context: RpcCallContext): Promise<void> {
    let reply: PaperMarketRpcReply;
    try {
      reply = await this.rpc.request<PaperMarketRpcRequest, PaperMarketRpcReply>(
        BrokerageRpc.paperMarket,
        { symbols: [] },
        context,
      );
    } catch (error) {
      // A provider other than the paper broker has no clock to ask: it refuses a closed market at placement.
      if (error instanceof DomainException && error.code === BrokerageErrorCode.PAPER_BROKER_ONLY) return;
      throw error;
    }
    if (!reply.market.open)
      throw new DomainException(422, CopyTradeErrorCode.MARKET_CLOSED, CopyTradeMessages.marketClosed);
  }
}

function requireCompleteOptionsData(trade: CopyableTradeView): void {
  if (!trade.isOptions) return;
  const missing = [
    trade.optionType ? null : 'optionType',
    trade.strikePrice ? null : 'strikePrice',
    trade.expirationDate ? null : 'expirationDate',
  ].filter((field): field is string => field !== null);
  if (missing.length > 0)
    throw new DomainException(
      422,
      CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE,
      CopyTradeMessages.optionsIncomplete(missing),
      { missing },
    );
}

/**
 * The server's estimate of the copy's cost at the live quote taken for it (never a stored trade price): quantity ×
 * quote × multiplier, refused above the user's maxCopyAmount before any order.
 */
function requireWithinMaxCopyAmount(price: Decimal, quantity: number, multiplier: number, max: number | null): void {
  if (max === null || max === undefined) return;
  const estimate = estimatedCost(price, quantity, multiplier);
  if (estimate.greaterThan(max))
    throw new DomainException(
      422,
      CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
      CopyTradeMessages.aboveMaxCopyAmount(estimate.toDecimalPlaces(2).toNumber(), max),
      { estimatedAmount: estimate.toDecimalPlaces(2).toNumber(), maxCopyAmount: max, quotedPrice: price.toNumber() },
    );
}

/** What was asked, in a canonical form: the same request id must come with the same request. */
export function requestHashOf(payload: CopyTradeRpcPayload): string {
  const canonical = [
    payload.userId,
    payload.tradeId,
    payload.accountId,
    payload.copyAmount,
    payload.customQuantity ?? null,
    payload.confirmRisks ?? null,
    payload.isOptions ?? null,
    payload.optionType?.toLowerCase() ?? null,
    payload.strikePrice ?? null,
    payload.expirationDate ?? null,
    payload.contractMultiplier ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function replyOf(copy: CopyRecord, outcome: PlacementOutcome | null, replayed: boolean): CopyTradeRpcReply {
  if (copy.status === 'FAILED') {
    if (outcome && outcome.kind === 'refused') throw outcome.error;
    throw new DomainException(422, copy.failureCode ?? CopyTradeErrorCode.COPY_NOT_FILLED, copy.failureReason ?? '');
  }
  const view = toCopyInstanceView(copy);
  const placed = outcome && 'order' in outcome ? outcome.order : null;
  const order = {
    brokerageOrderId: copy.brokerageOrderId ?? placed?.brokerageOrderId ?? null,
    executionPrice: view.copyEntryPrice ?? placed?.executionPrice ?? null,
    quantity: view.requestedQuantity,
    filledQuantity: copy.status === 'PENDING' ? (placed?.filledQuantity ?? null) : view.copyQuantity,
    state: (copy.orderState ?? placed?.state ?? 'SUBMITTING') as OrderIntentState,
  };
  const symbol = copy.optionsTicker ?? copy.symbol;
  if (copy.status === 'OPEN' || copy.status === 'CLOSED')
    return {
      status: 'filled',
      message: CopyTradeMessages.filled(view.copyQuantity, copy.symbol, copy.isOptions, view.copyAmount),
      replayed: replayed || Boolean(outcome && 'replayed' in outcome && outcome.replayed),
      order,
      copyInstance: view,
    };
  const unknown = copy.awaitingConfirmation || outcome?.kind === 'unanswered';
  return {
    status: unknown ? 'unknown' : 'pending',
    message: unknown ? CopyTradeMessages.awaitingConfirmation : CopyTradeMessages.pending(symbol),
    replayed,
    order,
    copyInstance: view,
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driver = error.driverError as { code?: string; constraint?: string } | undefined;
  return driver?.code === '23505' && driver.constraint === constraint;
}
