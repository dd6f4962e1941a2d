import { buildOccSymbol, type TierName, type TradeSide } from '@copytrade/contracts';
import type { NewTrade } from '../shared/trade-writer';
import type { DemoTradingProfile } from './demo-traces.catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Months of history behind each demo trace. */
export const DEMO_HISTORY_DAYS = 180;
const STRATEGIES = ['Momentum', 'Breakout', 'Mean Reversion', 'Trend Following', 'Earnings Play', 'Pullback'];
const CONFIDENCES = ['High', 'Medium', 'Low'];
/** Share of trades shared with subscribers, and the required tier of a shared one. */
const SHARED_SHARE = 0.8;
const TIER_WEIGHTS: ReadonlyArray<readonly [TierName, number]> = [
  ['free', 0.25],
  ['basic', 0.3],
  ['premium', 0.3],
  ['vip', 0.15],
];

/** mulberry32: a small seeded generator, so the same trace always gets the same history. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A trace's trade history over the last DEMO_HISTORY_DAYS: trades opened at the profile's pace, held 1–12 days,
 * won with its win probability. Trades still held today stay open at a drifted current price. Options are
 * stored the product's way: per-contract prices in hundredths, with an OCC ticker, strike and expiry.
 */
export function generateDemoTrades(profile: DemoTradingProfile, seed: number, now: Date): NewTrade[] {
  const random = seededRandom(seed);
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)]!;
  const between = (min: number, max: number) => min + random() * (max - min);
  const pickTier = (): TierName => {
    let roll = random();
    for (const [tier, weight] of TIER_WEIGHTS) if ((roll -= weight) < 0) return tier;
    return 'vip';
  };

  const count = Math.round((profile.tradesPerMonth * DEMO_HISTORY_DAYS) / 30);
  const trades: NewTrade[] = [];
  for (let index = 0; index < count; index += 1) {
    const executedAt = new Date(
      now.getTime() - DEMO_HISTORY_DAYS * DAY_MS + ((index + random()) / count) * DEMO_HISTORY_DAYS * DAY_MS,
    );
    const closedAt = new Date(executedAt.getTime() + between(1, 12) * DAY_MS);
    const isOpen = closedAt.getTime() > now.getTime();
    const [underlying, basePrice] = pick(profile.symbols);
    const isOptions = random() < profile.optionsShare;
    const side: TradeSide = random() < 0.8 ? 'buy' : 'sell';
    const wins = random() < profile.winProbability;
    const move = between(0.3, 1.7) * profile.movePercent * (isOptions ? 3 : 1) * (wins ? 1 : -0.8);
    // The outcome is a move in the trade's favour (or against it); a sell profits when the price falls.
    const exitFactor = 1 + ((side === 'buy' ? 1 : -1) * move) / 100;
    const driftFactor = 1 + ((side === 'buy' ? 1 : -1) * move * between(0, 0.6)) / 100;
    const underlyingPrice = basePrice * between(0.85, 1.15);
    const dollars = between(profile.positionDollars[0], profile.positionDollars[1]);
    const shared = random() < SHARED_SHARE;
    const base: Omit<NewTrade, 'symbol' | 'quantity' | 'price' | 'currentPrice'> = {
      side,
      status: isOpen ? 'open' : 'closed',
      executedAt,
      closedAt: isOpen ? null : closedAt,
      strategy: pick(STRATEGIES),
      confidence: pick(CONFIDENCES),
      notes: random() < 0.3 ? `${pick(STRATEGIES)} setup on ${underlying}; stop below the last swing.` : null,
      tags: [pick(['earnings', 'breakout', 'trend', 'macro', 'swing'])],
      isShared: shared,
      requiredTier: shared ? pickTier() : null,
    };

    if (isOptions) {
      const optionType = random() < 0.6 ? 'call' : 'put';
      const strike = Math.max(1, Math.round(underlyingPrice / 5) * 5);
      const expiration = isoDate(new Date(executedAt.getTime() + between(21, 60) * DAY_MS));
      const contractDollars = round2(between(1.2, 9) * 100); // a quote of $1.20–$9 a share, 100 shares a contract
      trades.push({
        ...base,
        symbol: underlying,
        quantity: Math.max(1, Math.round(dollars / contractDollars)),
        price: Math.round(contractDollars * 100),
        currentPrice: Math.max(1, Math.round(contractDollars * (isOpen ? driftFactor : exitFactor) * 100)),
        isOptions: true,
        optionType,
        strikePrice: strike,
        expirationDate: expiration,
        optionsTicker: buildOccSymbol({
          underlying,
          optionType: optionType === 'call' ? 'CALL' : 'PUT',
          strikePrice: String(strike),
          expirationDate: expiration,
        }),
      });
    } else {
      const entry = round2(underlyingPrice);
      trades.push({
        ...base,
        symbol: underlying,
        quantity: Math.max(1, Math.round(dollars / entry)),
        price: entry,
        currentPrice: round2(entry * (isOpen ? driftFactor : exitFactor)),
      });
    }
  }
  // Subscribe uses a trace's first tier (free): the newest trade is held still and shared at that tier, so a new
  // subscriber sees a live trade at once.
  const newest = trades.at(-1);
  if (newest) Object.assign(newest, { status: 'open', closedAt: null, isShared: true, requiredTier: 'free' });
  return trades;
}
