import type { MarketQuotesRpcRequest } from '@copytrade/contracts';
import { DomainException, type RpcClient } from '@copytrade/nest';
import { priceOf, StopLossQuotes } from './stop-loss-quotes';

/** A brokerage that quotes every symbol at 10 but refuses any call that asks for one of `refused`. */
function brokerage(refused: Set<string>) {
  const calls: MarketQuotesRpcRequest[] = [];
  const rpc = {
    request: async (_pattern: string, payload: MarketQuotesRpcRequest) => {
      calls.push(payload);
      if (payload.symbols.some((symbol) => refused.has(symbol)))
        throw new DomainException(503, 'QUOTE_UNAVAILABLE', 'No quote could be had.');
      return {
        quotes: [...payload.symbols.map((symbol) => ({ symbol, price: 10, bid: null, ask: null })), extra],
        quotedAt: new Date().toISOString(),
      };
    },
  } as unknown as RpcClient;
  return { quotes: new StopLossQuotes(rpc), calls };
}
/** A symbol the brokerage answers without being asked: never taken. */
const extra = { symbol: 'NOT-ASKED', price: 1, bid: null, ask: null };
const watched = (count: number) => ({
  symbols: Array.from({ length: count }, (_, index) => `S${index}`),
  userIds: ['user-0', 'user-1', 'user-2'],
});

describe('StopLossQuotes', () => {
  it('asks 10 symbols a call through the watched followers’ accounts, and keeps only the symbols asked', async () => {
    const { quotes, calls } = brokerage(new Set());
    const prices = await quotes.pricesOf(watched(23), 'pass');
    expect(calls.map((call) => call.symbols.length).sort()).toEqual([10, 10, 3]);
    expect(calls[0]!.userIds).toEqual(['user-0', 'user-1', 'user-2']);
    expect(prices.size).toBe(23);
    expect(prices.get('S7')).toBe('10');
    expect(prices.has('NOT-ASKED')).toBe(false);
  });

  it('a refused batch is asked symbol by symbol: the unquotable one is left out, the nine others kept', async () => {
    const { quotes, calls } = brokerage(new Set(['S4']));
    const prices = await quotes.pricesOf(watched(10), 'pass');
    expect(calls).toHaveLength(11);
    expect(prices.size).toBe(9);
    expect(prices.has('S4')).toBe(false);
  });
});

describe('priceOf', () => {
  it('the last price; without it the middle of bid and ask; else nothing', () => {
    expect(priceOf({ symbol: 'A', price: 101.25, bid: 100, ask: 102 })).toBe('101.25');
    expect(priceOf({ symbol: 'A', price: null, bid: 1.1, ask: 1.3 })).toBe('1.2');
    expect(priceOf({ symbol: 'A', price: 0, bid: 1.1, ask: null })).toBeNull();
    expect(priceOf({ symbol: 'A', price: Number.NaN, bid: null, ask: null })).toBeNull();
  });
});
