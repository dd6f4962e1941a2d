import { buildOccSymbol, parseOccSymbol } from '@copytrade/contracts';

const TICKER = /^[A-Z][A-Z0-9.-]{0,9}$/;

/** A ticker, or an OCC symbol in its canonical spacing; null for anything else. */
export function canonicalSymbol(symbol: string): string | null {
  const upper = symbol.trim().toUpperCase();
  const option = parseOccSymbol(upper);
  if (option) return buildOccSymbol(option);
  return TICKER.test(upper) ? upper : null;
}

/** Whether a canonical symbol names an option contract. */
export const isOptionSymbol = (symbol: string) => parseOccSymbol(symbol) !== null;
