import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CopyTradeErrorCode,
  CopyTradeMessages,
  TracesCopyAudienceRpc,
  TradeShared,
  type CopyableTradeView,
  type CopyAudienceRpcPayload,
  type CopyAudienceRpcReply,
  type EventEnvelope,
  type TradeSharedV1,
} from '@copytrade/contracts';
import { DomainException, EventConsumerRegistry, OutboxWriter, RpcClient, runAfterCommit } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';
import { observeSettledFanoutsSoon } from '../copies/fanout-settled';
import { defaultFollowerGuards, defaultTraceGuards } from '../copy-guards/copy-guards.store';
import { CopyBudgets } from '../copy-limits/copy-budgets';
import { automaticCopyBlock, protectionPercentOf, type CopyGuards } from '../copy-limits/copy-guards-screen';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import {
  copyBudget,
  estimatedCost,
  priceMovedSkip,
  protectedLimitPrice,
  unitsWithinBudget,
  type CopyBudget,
  type CopyRefusal,
} from '../copy-limits/copy-limits';
import { LiveQuotes, type LiveQuote } from '../copy-limits/live-quotes';
import { recordSharedTrade } from '../follower-results/trade-facts.store';
import { AutoCopyPlacer } from './auto-copy-placer';
import { recordAutomaticCopiesAnnounced } from './auto-copy-recording';
import {
  autoCopyTradeOf,
  followersCopying,
  type AutoCopyDecision,
  type AutoCopyTrade,
  type CopyingFollower,
} from './auto-copy.store';

/**
 * Every event of a trade's aggregate (`trade:<id>`: TradeShared, then TradeClosed), so its version order has no gap;
 * this consumer acts on TradeShared only.
 */
export const TRADE_EVENTS = TradeShared.subject.replace(/shared\.v1$/, '>');
export const AUTO_COPY_FANOUT_DURABLE = 'copy-engine-auto-copy-fanout';

/**
 * Followers asked of traces per page, each page recorded and committed on its own: small enough that the first
 * orders go out ~0.1 s after the share, large enough that a 10,000-follower fan-out asks only 10 times.
 */
const AUDIENCE_PAGE_SIZE = 1_000;

/** The request id of a follower's automatic copy of a shared trade: the event's id and the follower. */
export const autoCopyRequestId = (eventId: string, userId: string) => `auto-copy:${eventId}:${userId}`;

/**
 * The fan-out of a shared trade (TradeShared, through the inbox: once per event): traces is asked, a page at a time,
 * which followers may have it copied (rpc.traces.copy-audience.list: active subscription, tier at or above the
 * trade's with canCopyTrades — never the owner); of those, the ones whose projected settings have copy trading on
 * get an automatic copy, recorded in bulk — PENDING, sized as whole shares or contracts from their default copy
 * amount or their percent of their account's value (asked of the brokerage once for the page), at a live quote
 * taken for the page (at least one, never above their maximum), the quote, the trader's price
 * and share time as its receipt; or FAILED with the reason when even one unit is above their maximum (or an option's
 * contract is incomplete, or the instrument cannot be quoted). Each page is committed on its own and the placement workers are woken at once, so the first orders
 * go out while later pages are still being recorded (rather than after the whole audience is). Keyed by (event id,
 * follower), inserted ON CONFLICT DO NOTHING: a redelivery, or a crash part-way that leaves some pages recorded and
 * the event unacknowledged, records nothing twice and skips nobody. A share older than AUTO_COPY_MAX_SHARE_AGE_MS (a
 * replay of the stream's history when this consumer is new) is not copied. Every share is recorded (shared_trades) in
 * the event's own transaction, copied or not: the denominator of the trace's auto-copied share.
 */
@Injectable()
export class AutoCopyFanoutHandler implements OnModuleInit {
  private readonly logger = new Logger(AutoCopyFanoutHandler.name);

  constructor(
    private readonly consumers: EventConsumerRegistry,
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
    private readonly placer: AutoCopyPlacer,
    private readonly config: CopyEngineConfig,
    private readonly quotes: LiveQuotes,
    private readonly outbox: OutboxWriter,
    private readonly budgets: CopyBudgets,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<TradeSharedV1>({
      durableName: AUTO_COPY_FANOUT_DURABLE,
      filterSubject: TRADE_EVENTS,
      handler: (envelope, manager) => this.apply(envelope, manager),
      // A fan-out to thousands pages traces a few times: its message stays ours meanwhile (kept alive as it works).
      ackWaitMs: this.config.AUTO_COPY_FANOUT_ACK_WAIT_MS,
    });
  }

  async apply(envelope: EventEnvelope<TradeSharedV1>, manager: EntityManager): Promise<void> {
    if (envelope.type !== TradeShared.type) return;
    const event = envelope.data;
    // The share itself, whatever is copied of it (follower results' auto-copied share), with the event's inbox row.
    await recordSharedTrade(manager, event);
    const ageMs = Date.now() - Date.parse(envelope.occurredAt);
    if (ageMs > this.config.AUTO_COPY_MAX_SHARE_AGE_MS) {
      this.logger.warn(
        { eventId: envelope.id, tradeId: event.tradeId, ageMs },
        'A TradeShared too old to copy automatically (a replay of the stream): no copies',
      );
      return;
    }
    let trade: AutoCopyTrade | null = null;
    let optionsMissing: string[] = [];
    let after: string | null = null;
    let recorded = 0;
    do {
      const page: CopyAudienceRpcReply = await this.rpc.request<CopyAudienceRpcPayload, CopyAudienceRpcReply>(
        TracesCopyAudienceRpc.list,
        { tradeId: event.tradeId, after, limit: AUDIENCE_PAGE_SIZE },
        { requestId: envelope.correlationId },
      );
      if (!page.copyable || !page.trade) break;
      if (!trade) {
        // The receipt: what the trader paid and when they shared it, as the event says.
        trade = autoCopyTradeOf(page.trade, {
          traderPrice: event.entryPrice,
          traderSharedAt: new Date(event.sharedAt),
          origin: 'shared',
        });
        optionsMissing = missingOptionsData(page.trade);
      }
      const followers = (await followersCopying(this.dataSource.manager, page.userIds)).filter(
        (follower) => follower.userId !== event.ownerUserId,
      );
      if (followers.length > 0) {
        // The quote (a brokerage call) and the guards (a query) at once; the guards keyed by follower: each page's
        // copies are one per follower, of this trade's trace.
        const [quote, guards] = await Promise.all([
          this.quotes.forFollowersOrRefusal(
            trade,
            followers.map((follower) => follower.userId),
            envelope.correlationId,
          ),
          guardsOfCopies(
            this.dataSource.manager,
            followers.map((follower) => ({ id: follower.userId, userId: follower.userId, traceId: trade!.traceId })),
          ),
        ]);
        const budgets = await this.budgets.of(
          followers,
          (userId) => guards.get(userId)!.follower,
          envelope.correlationId,
        );
        const now = new Date();
        const decisions = followers.map((follower) =>
          decide(
            follower,
            autoCopyRequestId(envelope.id, follower.userId),
            quote,
            trade!,
            optionsMissing,
            guards.get(follower.userId),
            now,
            budgets.get(follower.userId),
          ),
        );
        const recordedNow = await recordAutomaticCopiesAnnounced(this.dataSource, this.outbox, {
          trade,
          requestHash: requestHashOf(envelope.id),
          decisions,
          quote: quote instanceof DomainException ? null : quote,
          correlationId: envelope.correlationId,
        });
        if (recordedNow > 0) this.placer.kick();
        recorded += recordedNow;
      }
      after = page.nextCursor;
    } while (after);
    // Every copy may have settled before this share's row commits: then the share is timed here, once committed.
    if (recorded > 0)
      await runAfterCommit(manager, () => observeSettledFanoutsSoon(this.dataSource.manager, [event.tradeId]));
    this.logger.log({ eventId: envelope.id, tradeId: event.tradeId, recorded }, 'Automatic copies recorded');
  }
}

export function missingOptionsData(trade: CopyableTradeView): string[] {
  if (!trade.isOptions) return [];
  return [
    trade.optionType ? null : 'optionType',
    trade.strikePrice ? null : 'strikePrice',
    trade.expirationDate ? null : 'expirationDate',
  ].filter((field): field is string => field !== null);
}

/**
 * A follower's copy (docs/product.md, "Copy limits" and "Copy guards"): skipped when their stop switch, their pause of
 * the trace or their maximum age says so; not placed when the option's contract is incomplete or no live quote could
 * be had; else whole units of their budget at the page's live quote, at least one, never above their maximum (not
 * placed when even one unit is above it). The budget (copy-limits.ts, copyBudget) is the caller's: the default copy
 * amount (Settings' placeholder, 1000, when they set none), or a percent of the account's value — not placed when
 * that value is unknown. With price
 * protection, skipped when the quote has already moved past it, else sent as a limit order that cannot fill past it
 * nor above the maximum.
 */
export function decide(
  follower: CopyingFollower,
  requestId: string,
  quote: LiveQuote | DomainException,
  trade: Pick<AutoCopyTrade, 'isOptions' | 'contractMultiplier' | 'side' | 'traderPrice' | 'traderSharedAt'>,
  optionsMissing: string[] = [],
  guards: CopyGuards = noGuards(follower.userId),
  now: Date = new Date(),
  budget: CopyBudget = fixedBudget(follower),
): AutoCopyDecision {
  const base = { userId: follower.userId, requestId, maxCopyAmount: follower.maxCopyAmount, limitPrice: null };
  const notPlaced = ({ code, reason }: CopyRefusal): AutoCopyDecision => ({
    ...base,
    quantity: '1',
    failure: { code, reason },
  });
  const blocked = automaticCopyBlock(guards, trade.traderSharedAt, now);
  if (blocked) return notPlaced(blocked);
  if (optionsMissing.length > 0)
    return notPlaced({
      code: CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE,
      reason: CopyTradeMessages.optionsIncomplete(optionsMissing),
    });
  if (quote instanceof DomainException) return notPlaced({ code: quote.code, reason: quote.message });
  if (!Decimal.isDecimal(budget)) return notPlaced(budget);
  const unitCost = estimatedCost(quote.price, 1, trade.contractMultiplier);
  const max = follower.maxCopyAmount === null ? null : new Decimal(follower.maxCopyAmount);
  const units = unitsWithinBudget(unitCost, budget, max);
  if (units === null)
    return notPlaced({
      code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
      reason: CopyTradeMessages.autoAboveMaxCopyAmount(
        unitCost.toDecimalPlaces(2).toNumber(),
        max!.toNumber(),
        trade.isOptions,
      ),
    });
  const traderPrice = new Decimal(trade.traderPrice);
  const protection = protectionPercentOf(guards);
  const moved = priceMovedSkip(trade.side, traderPrice, quote.price, protection);
  if (moved) return notPlaced(moved);
  const limit = protectedLimitPrice({
    side: trade.side,
    traderPrice,
    protectionPercent: protection,
    maxCopyAmount: max,
    quantity: units,
    multiplier: trade.contractMultiplier,
  });
  return { ...base, quantity: units.toFixed(0), limitPrice: limit?.toFixed() ?? null, failure: null };
}

/** The default copy amount: what a follower who sizes by a fixed amount (the default) copies with. */
export const fixedBudget = (follower: CopyingFollower): CopyBudget =>
  copyBudget({ ...follower, sizingMode: 'fixed', sizingPercent: null, maxCopyAmount: null, accountValue: null });

/** A follower who set no guard. */
const noGuards = (userId: string): CopyGuards => ({
  follower: defaultFollowerGuards(userId),
  trace: defaultTraceGuards(userId, ''),
});

function requestHashOf(eventId: string): string {
  return createHash('sha256').update(`auto-copy:${eventId}`).digest('hex');
}
