import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import type { OptionType } from '@copytrade/contracts';

/** A number in [0, 1) fixed by the seed, the symbol and a salt. */
function seededUnit(seed: string, symbol: string, salt: string): number {
  const digest = createHash('sha256').update(`${seed}|${symbol}|${salt}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * A stock's simulated price: a base between $20 and $500 chosen by the seed, moved by three slow waves of
 * seed-chosen phases (±5% at most). Evaluated per minute, so it is stable within a minute and identical on
 * every replica for the same seed and time.
 */
export function simulatedStockPrice(seed: string, symbol: string, at: Date): Decimal {
  const base = 20 + seededUnit(seed, symbol, 'base') * 480;
  const minute = Math.floor(at.getTime() / 60_000);
  const wave = (periodMinutes: number, amplitude: number, salt: string) =>
    amplitude * Math.sin((2 * Math.PI * minute) / periodMinutes + 2 * Math.PI * seededUnit(seed, symbol, salt));
  const factor = 1 + wave(390, 0.03, 'day') + wave(47, 0.015, 'hour') + wave(5, 0.005, 'minute');
  return new Decimal(base * factor).toDecimalPlaces(2);
}

/** An option's simulated price per share: intrinsic value plus a time value that fades with distance and expiry. */
export function simulatedOptionPrice(
  underlyingPrice: Decimal,
  optionType: OptionType,
  strike: Decimal,
  daysToExpiry: number,
): Decimal {
  const intrinsic = Decimal.max(
    0,
    optionType === 'CALL' ? underlyingPrice.minus(strike) : strike.minus(underlyingPrice),
  );
  const years = Math.max(daysToExpiry, 1) / 365;
  const moneyness = underlyingPrice.minus(strike).div(underlyingPrice).toNumber();
  const timeValue = underlyingPrice.toNumber() * 0.1 * Math.sqrt(years) * Math.exp(-8 * moneyness * moneyness);
  return Decimal.max(new Decimal('0.01'), intrinsic.plus(timeValue)).toDecimalPlaces(2);
}
