import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CopySettingsRules,
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
import { DomainException, EventConsumerRegistry, RpcClient } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';
import { estimatedCost, unitsWithinBudget } from '../copy-limits/copy-limits';
import { LiveQuotes, type LiveQuote } from '../copy-limits/live-quotes';
import { AutoCopyPlacer } from './auto-copy-placer';
import {
  followersCopying,
  recordAutomaticCopies,
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
 * amount at a live quote taken for the page (at least one, never above their maximum), the quote, the trader's price
 * and share time as its receipt; or FAILED with the reason when even one unit is above their maximum (or an option's
 * contract is incomplete, or the instrument cannot be quoted). Each page is committed on its own and the placement workers are woken at once, so the first orders
 * go out while later pages are still being recorded (rather than after the whole audience is). Keyed by (event id,
 * follower), inserted ON CONFLICT DO NOTHING: a redelivery, or a crash part-way that leaves some pages recorded and
 * the event unacknowledged, records nothing twice and skips nobody. A share older than AUTO_COPY_MAX_SHARE_AGE_MS (a
 * replay of the stream's history when this consumer is new) is not copied.
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
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<TradeSharedV1>({
      durableName: AUTO_COPY_FANOUT_DURABLE,
      filterSubject: TRADE_EVENTS,
      handler: (envelope) => this.apply(envelope),
      // A fan-out to thousands pages traces a few times: its message stays ours meanwhile (kept alive as it works).
      ackWaitMs: this.config.AUTO_COPY_FANOUT_ACK_WAIT_MS,
    });
  }

  async apply(envelope: EventEnvelope<TradeSharedV1>): Promise<void> {
    if (envelope.type !== TradeShared.type) return;
    const event = envelope.data;
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
        trade = autoCopyTradeOf(event, page.trade);
        optionsMissing = missingOptionsData(page.trade);
      }
      const followers = (await followersCopying(this.dataSource.manager, page.userIds)).filter(
        (follower) => follower.userId !== event.ownerUserId,
      );
      if (followers.length > 0) {
        const quote = await this.quoteFor(trade, followers, envelope.correlationId);
        const decisions = followers.map((follower) =>
          decide(follower, autoCopyRequestId(envelope.id, follower.userId), quote, trade!, optionsMissing),
        );
        const recordedNow = await recordAutomaticCopies(
          this.dataSource.manager,
          trade,
          requestHashOf(envelope.id),
          decisions,
          quote instanceof DomainException ? null : quote,
        );
        if (recordedNow > 0) this.placer.kick();
        recorded += recordedNow;
      }
      after = page.nextCursor;
    } while (after);
    this.logger.log({ eventId: envelope.id, tradeId: event.tradeId, recorded }, 'Automatic copies recorded');
  }

  /**
   * One live quote for a page of followers (docs/product.md, "Copy limits"): every copy of the page is sized and
   * capped against it. An instrument the brokerage cannot quote answers the refusal, which the page's copies record
   * as not placed; a brokerage that does not answer throws, and the event is delivered again.
   */
  private async quoteFor(
    trade: AutoCopyTrade,
    followers: CopyingFollower[],
    correlationId: string,
  ): Promise<LiveQuote | DomainException> {
    try {
      return await this.quotes.forFollowers(
        trade,
        followers.map((follower) => follower.userId),
        correlationId,
      );
    } catch (error) {
      if (error instanceof DomainException && error.code === CopyTradeErrorCode.QUOTE_UNAVAILABLE) return error;
      throw error;
    }
  }
}

function autoCopyTradeOf(event: TradeSharedV1, trade: CopyableTradeView): AutoCopyTrade {
  return {
    tradeId: event.tradeId,
    traceId: trade.traceId,
    traderUserId: trade.ownerUserId,
    traceName: trade.traceName,
    traceHandle: trade.traceHandle,
    traceAvatar: trade.traceAvatar,
    symbol: trade.symbol,
    side: trade.side,
    isOptions: trade.isOptions,
    optionType: trade.optionType,
    optionsTicker: trade.optionsTicker,
    strikePrice: trade.strikePrice,
    expirationDate: trade.expirationDate,
    contractMultiplier: trade.contractMultiplier,
    // The receipt: what the trader paid and when they shared it, as the event says.
    traderPrice: event.entryPrice,
    traderSharedAt: new Date(event.sharedAt),
  };
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
 * A follower's copy: whole units of their default copy amount (Settings' placeholder, 1000, when they set none) at
 * the page's live quote, at least one, never above their maximum; not placed when even one unit is above the
 * maximum, when the option's contract is incomplete, or when no live quote could be had.
 */
export function decide(
  follower: CopyingFollower,
  requestId: string,
  quote: LiveQuote | DomainException,
  trade: Pick<AutoCopyTrade, 'isOptions' | 'contractMultiplier'>,
  optionsMissing: string[] = [],
): AutoCopyDecision {
  const base = { userId: follower.userId, requestId, maxCopyAmount: follower.maxCopyAmount, limitPrice: null };
  const notPlaced = (code: string, reason: string): AutoCopyDecision => ({
    ...base,
    quantity: '1',
    failure: { code, reason },
  });
  if (optionsMissing.length > 0)
    return notPlaced(CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE, CopyTradeMessages.optionsIncomplete(optionsMissing));
  if (quote instanceof DomainException) return notPlaced(quote.code, quote.message);
  const unitCost = estimatedCost(quote.price, 1, trade.contractMultiplier);
  const max = follower.maxCopyAmount === null ? null : new Decimal(follower.maxCopyAmount);
  const wanted = new Decimal(follower.defaultCopyAmount ?? CopySettingsRules.placeholders.defaultCopyAmount);
  const units = unitsWithinBudget(unitCost, wanted, max);
  if (units === null)
    return notPlaced(
      CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
      CopyTradeMessages.autoAboveMaxCopyAmount(
        unitCost.toDecimalPlaces(2).toNumber(),
        max!.toNumber(),
        trade.isOptions,
      ),
    );
  return { ...base, quantity: units.toFixed(0), failure: null };
}

function requestHashOf(eventId: string): string {
  return createHash('sha256').update(`auto-copy:${eventId}`).digest('hex');
}
