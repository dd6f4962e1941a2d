import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageRpc,
  type MarketQuotesRpcReply,
  type MarketQuotesRpcRequest,
  type QuoteView,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import Decimal from 'decimal.js';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';
import type { WatchedSymbols } from './stop-loss.store';

/** Symbols per marketQuotes call (the brokerage takes at most 10). */
export const QUOTE_BATCH = 10;
/** marketQuotes calls of one pass under way at once. */
const CONCURRENT_CALLS = 4;

/**
 * Live prices for a stop-loss pass through the brokerage's system quote call, 10 symbols a call, each call through
 * the accounts of watched followers. A symbol the brokerage does not quote — left out of its answer, or a call
 * refused (a batch refused is asked again symbol by symbol, so one unquotable symbol does not hide nine others) — is
 * absent from the answer: its copies are left out of the pass, never valued at a stored price.
 */
@Injectable()
export class StopLossQuotes {
  private readonly logger = new Logger(StopLossQuotes.name);

  constructor(@Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient) {}

  /** Symbol (upper case) → price per share as decimal text. */
  async pricesOf({ symbols, userIds }: WatchedSymbols, correlationId: string): Promise<Map<string, string>> {
    const prices = new Map<string, string>();
    const batches: string[][] = [];
    for (let start = 0; start < symbols.length; start += QUOTE_BATCH)
      batches.push(symbols.slice(start, start + QUOTE_BATCH));
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const quotes =
          (await this.ask(batch, userIds, correlationId)) ??
          (batch.length > 1
            ? (await Promise.all(batch.map((one) => this.ask([one], userIds, correlationId)))).flatMap(
                (each) => each ?? [],
              )
            : []);
        for (const quote of quotes) {
          const price = priceOf(quote);
          if (price) prices.set(quote.symbol.toUpperCase(), price);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_CALLS, batches.length) }, worker));
    return prices;
  }

  /** The brokerage's quotes of the batch, only of the symbols asked; null when the call was refused or unanswered. */
  private async ask(batch: string[], userIds: string[], correlationId: string): Promise<QuoteView[] | null> {
    const asked = new Set(batch.map((symbol) => symbol.toUpperCase()));
    try {
      const { quotes } = await this.rpc.request<MarketQuotesRpcRequest, MarketQuotesRpcReply>(
        BrokerageRpc.marketQuotes,
        { symbols: [...asked], userIds },
        { requestId: correlationId },
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      );
      return quotes.filter((quote) => asked.has(quote.symbol.toUpperCase()));
    } catch (error) {
      this.logger.debug({ err: error, symbols: [...asked] }, 'No quote for these symbols in this stop-loss pass');
      return null;
    }
  }
}

/**
 * The price a position is valued at: the last price; without one, the middle of bid and ask when both are given.
 * Null when the brokerage gives nothing usable.
 */
export function priceOf(quote: QuoteView): string | null {
  const last = positive(quote.price);
  if (last) return new Decimal(last).toFixed();
  const bid = positive(quote.bid);
  const ask = positive(quote.ask);
  return bid && ask ? new Decimal(bid).plus(ask).dividedBy(2).toFixed() : null;
}

const positive = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
