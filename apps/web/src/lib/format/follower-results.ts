/**
 * Follower results as the product shows them (trace page, discovery, the owner's Analytics): percents and delays
 * arrive as numbers (12.5 = 12.5 %, delays in milliseconds) and a figure with too few copies behind it is null.
 * Units follow a no-break space (so "%" never wraps alone); negatives take the minus sign (−), positives a +.
 */

/** What a null figure (fewer copies than the minimum) shows instead of a number: never 0 or NaN. */
export const NOT_ENOUGH_COPIES = 'Not enough copies yet';

const NBSP = '\u00a0';
const MINUS = '\u2212';

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** `+4.2 %`, `−3.1 %`, `0.0 %` (`decimals` after the point); a value that rounds to zero has no sign. */
function signedPercent(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  const sign = Number(text) === 0 ? '' : value > 0 ? '+' : MINUS;
  return `${sign}${text}${NBSP}%`;
}

/** A return: `+4.2 %` / `−3.1 %`; null → "Not enough copies yet". */
export const formatResultReturn = (value: number | null | undefined): string =>
  known(value) ? signedPercent(value, 1) : NOT_ENOUGH_COPIES;

/** Signed slippage: `+0.12 %` (a worse price than the trader's) / `−0.05 %` (a better one); null → not enough. */
export const formatSlippage = (value: number | null | undefined): string =>
  known(value) ? signedPercent(value, 2) : NOT_ENOUGH_COPIES;

const share = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** A share (fill rate, copied automatically): `96 %`, `87.5 %`; null → not enough. */
export const formatResultShare = (value: number | null | undefined): string =>
  known(value) ? `${share.format(value)}${NBSP}%` : NOT_ENOUGH_COPIES;

const oneDecimal = (value: number): string =>
  value < 10 ? String(Math.round(value * 10) / 10) : String(Math.round(value));

/** A delay in human units: `850 ms`, `1.2 s`, `3 min`, `1.5 h`, `2 d`; null → not enough. */
export function formatDelay(ms: number | null | undefined): string {
  if (!known(ms)) return NOT_ENOUGH_COPIES;
  const value = Math.max(0, ms);
  if (value < 1_000) return `${Math.round(value)}${NBSP}ms`;
  if (value < 59_500) return `${oneDecimal(value / 1_000)}${NBSP}s`;
  if (value < 3_570_000) return `${oneDecimal(value / 60_000)}${NBSP}min`;
  if (value < 84_600_000) return `${oneDecimal(value / 3_600_000)}${NBSP}h`;
  return `${oneDecimal(value / 86_400_000)}${NBSP}d`;
}

/** The colour of a return: gains green, losses red, nothing for zero or null. */
export const returnTone = (value: number | null | undefined): 'gain' | 'loss' | undefined =>
  !known(value) || Number(Math.abs(value).toFixed(1)) === 0 ? undefined : value > 0 ? 'gain' : 'loss';

/** The colour of slippage: positive (worse than the trader) red, negative (better) green. */
export const slippageTone = (value: number | null | undefined): 'gain' | 'loss' | undefined =>
  !known(value) || Number(Math.abs(value).toFixed(2)) === 0 ? undefined : value > 0 ? 'loss' : 'gain';
