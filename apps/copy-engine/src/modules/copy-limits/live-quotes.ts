import { Inject, Injectable } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageRpc,
  CopyTradeErrorCode,
  CopyTradeMessages,
  type MarketQuotesRpcReply,
  type MarketQuotesRpcRequest,
  type QuoteView,
  type QuotesRpcReply,
  type QuotesRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient, type RpcCallContext } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';

/** What a copy buys or sells: a stock by ticker, an option by its OCC ticker. */
export interface QuotedInstrument {
  symbol: string;
  isOptions: boolean;
  optionsTicker: string | null;
  side: 'buy' | 'sell';
}

/** A live price per share (options: per share of the contract) and when the brokerage gave it. */
export interface LiveQuote {
  price: Decimal;
  quotedAt: Date;
}

/**
 * Live quotes for sizing and capping copies (docs/product.md, "Copy limits"): a copy is never sized or capped
 * against a stored trade price. A buy is priced at the ask (what it will pay), a sell at the bid, the last price where
 * the brokerage gives no side. An instrument the brokerage cannot quote (options on SnapTrade) is refused with
 * QUOTE_UNAVAILABLE (422: asking again will not help); a brokerage that does not answer is an outage (its 503).
 */
@Injectable()
export class LiveQuotes {
  constructor(@Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient) {}

  /** The quote in the follower's own account (a manual copy, asked as the follower). */
  async inAccount(
    userId: string,
    accountId: string,
    instrument: QuotedInstrument,
    context: RpcCallContext,
  ): Promise<LiveQuote> {
    const symbol = quotedSymbolOf(instrument);
    const { quotes } = await this.rpc.request<QuotesRpcRequest, QuotesRpcReply>(
      BrokerageRpc.getQuotes,
      { userId, accountId, symbols: [symbol] },
      context,
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
    return liveQuoteOf(quotes, instrument, new Date());
  }

  /** One quote for a page of a fan-out (a system call): through the first of these followers with an account. */
  async forFollowers(instrument: QuotedInstrument, userIds: string[], correlationId: string): Promise<LiveQuote> {
    const { quotes, quotedAt } = await this.rpc.request<MarketQuotesRpcRequest, MarketQuotesRpcReply>(
      BrokerageRpc.marketQuotes,
      { symbols: [quotedSymbolOf(instrument)], userIds },
      { requestId: correlationId },
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
    return liveQuoteOf(quotes, instrument, new Date(quotedAt));
  }

  /**
   * forFollowers, with an instrument the brokerage cannot quote answered as its refusal (the copies record it as
   * not placed); a brokerage that does not answer still throws, so the event that asked is delivered again.
   */
  async forFollowersOrRefusal(
    instrument: QuotedInstrument,
    userIds: string[],
    correlationId: string,
  ): Promise<LiveQuote | DomainException> {
    try {
      return await this.forFollowers(instrument, userIds, correlationId);
    } catch (error) {
      if (error instanceof DomainException && error.code === CopyTradeErrorCode.QUOTE_UNAVAILABLE) return error;
      throw error;
    }
  }
}

/** The symbol the brokerage quotes: the ticker of a stock, the OCC ticker of an option (never its underlying's). */
export function quotedSymbolOf(instrument: QuotedInstrument): string {
  if (!instrument.isOptions) return instrument.symbol;
  if (!instrument.optionsTicker) throw quoteUnavailable(instrument);
  return instrument.optionsTicker;
}

/** The instrument's price in the brokerage's answer, on the side the copy trades; QUOTE_UNAVAILABLE when none. */
export function liveQuoteOf(quotes: QuoteView[], instrument: QuotedInstrument, quotedAt: Date): LiveQuote {
  const symbol = quotedSymbolOf(instrument).toUpperCase();
  const quote = quotes.find((candidate) => candidate.symbol.toUpperCase() === symbol);
  const sided = instrument.side === 'buy' ? quote?.ask : quote?.bid;
  const price = positive(sided) ?? positive(quote?.price);
  if (!price) throw quoteUnavailable(instrument);
  return { price: new Decimal(price), quotedAt };
}

export function quoteUnavailable(instrument: QuotedInstrument): DomainException {
  const symbol = instrument.optionsTicker ?? instrument.symbol;
  return new DomainException(422, CopyTradeErrorCode.QUOTE_UNAVAILABLE, CopyTradeMessages.quoteUnavailable(symbol), {
    symbol,
  });
}

const positive = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
