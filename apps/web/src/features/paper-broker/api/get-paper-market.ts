import type { PaperMarketResponse } from '@copytrade/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paperBrokerKeys } from './query-keys';

/** Quotes move: the trading page re-reads the market every 10 seconds. */
export const MARKET_REFRESH_MS = 10_000;

export type PaperMarket = Pick<PaperMarketResponse, 'market' | 'quotes'>;

/** GET /api/paper/market?symbols=AAPL,MSFT: market status and quotes (up to 10 tickers or OCC symbols). */
export async function getPaperMarket(symbols: readonly string[], signal?: AbortSignal): Promise<PaperMarket> {
  const query = symbols.length ? `?symbols=${symbols.map(encodeURIComponent).join(',')}` : '';
  const response = await api.get<PaperMarketResponse>(`/api/paper/market${query}`, { signal });
  return { market: response.market, quotes: response.quotes ?? [] };
}

export const getPaperMarketQueryOptions = (symbols: readonly string[]) =>
  queryOptions({
    queryKey: paperBrokerKeys.market(symbols),
    queryFn: ({ signal }) => getPaperMarket(symbols, signal),
    refetchInterval: MARKET_REFRESH_MS,
    staleTime: 0,
    // A new symbol list keeps showing the last quotes until its own answer arrives.
    placeholderData: keepPreviousData,
  });

export function usePaperMarket(symbols: readonly string[]) {
  return useQuery(getPaperMarketQueryOptions(symbols));
}
