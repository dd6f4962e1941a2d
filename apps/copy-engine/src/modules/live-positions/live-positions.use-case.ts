import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageRpc,
  LivePositionsMessages,
  Messages,
  TracesLiveTradesRpc,
  type CopyInstanceView,
  type LivePositionsResponse,
  type LivePositionsRpcPayload,
  type LivePositionView,
  type LiveTradesRpcPayload,
  type LiveTradesRpcReply,
  type LiveTradeView,
  type QuotesRpcReply,
  type QuotesRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, type RpcCallContext, type RpcClient } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { toCopyInstanceView } from '../copies/copy-instance.mapper';
import { findLiveCopyOfTrade } from '../copies/copy-instances.store';
import { LIVE_POSITIONS_RPC } from './live-positions.tokens';

/** Symbols per brokerage quote call (its limit); distinct symbols beyond it go in further calls, concurrently. */
export const QUOTE_SYMBOLS_PER_CALL = 10;
/** A quote waits this long at most: past it the trace's last price is shown, with a warning. */
export const QUOTE_TIMEOUT_MS = 3_000;

interface CopyCounts {
  tradeId: string;
  copyCount: number;
  copiedByUsers: number;
  activeCopies: number;
  mine: boolean;
}

/**
 * rpc.copy-engine.live-positions.list (GET /api/trading-terminal/live-positions). Composed here, where the copies
 * are: traces answers the user's visible open shared trades (rpc.traces.live-trades.list: tier rule, the newest
 * 200); then, concurrently, one aggregate query over this service's copy_instances (counts per trade and which the
 * user copied; read from the primary right after the user's own copy commits, so a copy shows on the next read) and
 * the brokerage's quotes for the distinct stock symbols in as few calls as its limit allows. A price that cannot be
 * had never fails the answer: the trace's last price is kept and `error` / `apiWarnings` say so.
 */
@Injectable()
export class ListLivePositionsUseCase {
  private readonly logger = new Logger(ListLivePositionsUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LIVE_POSITIONS_RPC) private readonly rpc: RpcClient,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<LivePositionsRpcPayload>): Promise<LivePositionsResponse> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (payload.userId !== actor.userId) throw DomainException.forbidden('You can only see your own live positions.');
    const context: RpcCallContext = { requestId, actor };
    const { trades } = await this.rpc.request<LiveTradesRpcPayload, LiveTradesRpcReply>(
      TracesLiveTradesRpc.list,
      { userId: actor.userId },
      context,
    );
    if (trades.length === 0) return { success: true, positions: [], error: null, apiWarnings: [] };
    const [counts, quotes] = await Promise.all([
      this.copyCounts(actor.userId, trades),
      this.quotes(actor.userId, trades, context),
    ]);
    const positions = trades.map((trade) =>
      toLivePosition(trade, counts.counts.get(trade.id), counts.mine.get(trade.id), quotes.prices.get(trade.symbol)),
    );
    return {
      success: true,
      positions,
      error: quotes.warnings.length > 0 ? LivePositionsMessages.pricesUnavailable : null,
      apiWarnings: quotes.warnings,
    };
  }

  private async copyCounts(userId: string, trades: LiveTradeView[]) {
    const manager = this.dataSource.manager;
    const rows: CopyCounts[] = await manager.query(
      `SELECT original_trade_id::text AS "tradeId",
              count(*) FILTER (WHERE status <> 'FAILED')::int AS "copyCount",
              count(DISTINCT user_id) FILTER (WHERE status <> 'FAILED')::int AS "copiedByUsers",
              count(*) FILTER (WHERE status = 'OPEN')::int AS "activeCopies",
              coalesce(bool_or(user_id = $2 AND status <> 'FAILED'), false) AS mine
         FROM copy_engine.copy_instances
        WHERE original_trade_id = ANY($1::uuid[])
        GROUP BY original_trade_id`,
      [trades.map((trade) => trade.id), userId],
    );
    const byId = new Map(trades.map((trade) => [trade.id, trade]));
    // One live copy per user and trade (a unique index): the user's copies are the few trades flagged `mine`.
    const mine = new Map<string, CopyInstanceView>();
    await Promise.all(
      rows
        .filter((row) => row.mine)
        .map(async (row) => {
          const copy = await findLiveCopyOfTrade(manager, userId, row.tradeId);
          if (copy) mine.set(row.tradeId, withTraderName(toCopyInstanceView(copy), byId.get(row.tradeId)!));
        }),
    );
    return { counts: new Map(rows.map((row) => [row.tradeId, row])), mine };
  }

  private async quotes(userId: string, trades: LiveTradeView[], context: RpcCallContext) {
    const prices = new Map<string, number>();
    const warnings: string[] = [];
    const options = [...new Set(trades.filter((trade) => trade.isOptions).map((trade) => trade.symbol))];
    if (options.length > 0) warnings.push(LivePositionsMessages.optionsNotQuoted(options));
    const symbols = [...new Set(trades.filter((trade) => !trade.isOptions).map((trade) => trade.symbol))];
    const calls: string[][] = [];
    for (let start = 0; start < symbols.length; start += QUOTE_SYMBOLS_PER_CALL)
      calls.push(symbols.slice(start, start + QUOTE_SYMBOLS_PER_CALL));
    const failed: string[] = [];
    let noBrokerage = false;
    await Promise.all(
      calls.map(async (batch) => {
        try {
          const { quotes } = await this.rpc.request<QuotesRpcRequest, QuotesRpcReply>(
            BrokerageRpc.getQuotes,
            { userId, symbols: batch },
            context,
            QUOTE_TIMEOUT_MS,
          );
          const quoted = new Map(quotes.map((quote) => [quote.symbol, quote.price]));
          for (const symbol of batch) {
            const price = quoted.get(symbol);
            if (price != null && Number.isFinite(price) && price > 0) prices.set(symbol, price);
            else failed.push(symbol);
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (NO_BROKERAGE_CODES.has(code ?? '')) noBrokerage = true;
          else {
            failed.push(...batch);
            this.logger.warn({ requestId: context.requestId, code, symbols: batch }, 'Live-position quotes failed');
          }
        }
      }),
    );
    if (noBrokerage) warnings.push(LivePositionsMessages.noBrokerage);
    if (failed.length > 0) warnings.push(LivePositionsMessages.quoteFailed(failed.sort()));
    return { prices, warnings };
  }
}

/** The brokerage's answers for a user with nothing to quote through (no connection, no account). */
const NO_BROKERAGE_CODES = new Set<string>([
  BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED,
  BrokerageErrorCode.CONNECTION_NOT_FOUND,
  BrokerageErrorCode.CONNECTION_DISABLED,
  BrokerageErrorCode.ACCOUNT_NOT_FOUND,
]);

/** The copy's trader is the trade's: their username as traces answered it. */
function withTraderName(copy: CopyInstanceView, trade: LiveTradeView): CopyInstanceView {
  const trader = copy.originalTrade.trader;
  if (trader.username !== null || trader.id !== trade.trader.id) return copy;
  return { ...copy, originalTrade: { ...copy.originalTrade, trader: { ...trader, username: trade.trader.username } } };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function toLivePosition(
  trade: LiveTradeView,
  counts: CopyCounts | undefined,
  copy: CopyInstanceView | undefined,
  quote: number | undefined,
): LivePositionView {
  const quoted = quote !== undefined && !trade.isOptions;
  const currentPrice = quoted ? quote : trade.currentPrice;
  const move = trade.side === 'buy' ? currentPrice - trade.price : trade.price - currentPrice;
  const pnl = quoted ? round2(move * trade.quantity) : trade.unrealizedPnl;
  return {
    id: trade.id,
    tracerName: trade.traceName,
    tracerHandle: trade.traceHandle,
    avatarSrc: trade.traceAvatar,
    trader: trade.trader,
    symbol: trade.symbol,
    side: trade.side,
    quantity: trade.quantity,
    price: trade.price,
    currentPrice,
    priceSource: quoted ? 'quote' : 'trace',
    pnl,
    isProfit: pnl > 0,
    executedAt: trade.executedAt,
    confidence: trade.confidence || 'Medium',
    strategy: trade.strategy || 'Unknown',
    traceId: trade.traceId,
    tier: trade.requiredTier,
    isOptions: trade.isOptions,
    optionType: trade.optionType,
    optionsTicker: trade.optionsTicker,
    strikePrice: trade.strikePrice,
    expirationDate: trade.expirationDate,
    contractMultiplier: trade.contractMultiplier,
    lastSyncedAt: quoted ? new Date().toISOString() : trade.lastSyncedAt,
    notes: trade.notes,
    tags: trade.tags,
    copyCount: counts?.copyCount ?? 0,
    copiedByUsers: counts?.copiedByUsers ?? 0,
    activeCopies: counts?.activeCopies ?? 0,
    hasUserCopied: copy !== undefined,
    copyInstances: copy ? [copy] : [],
  };
}
