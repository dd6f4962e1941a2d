import type { TradeView } from '@copytrade/contracts';
import { formatDay } from './date';
import { formatUsd } from './money';

/**
 * Figures of trades and traces (the trace page, the Trading Terminal; docs/product.md#validation-rules): US dollars;
 * a missing or non-numeric value shows $0.00 or 0.00%; percents with a leading + when zero or positive and 2
 * decimals; win rate with 1 decimal.
 * Trace statistics arrive as percent values (12.5 means 12.5 %).
 */

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** `$1,234.50`; missing → `$0.00`. */
export const formatMoney = (value: number | null | undefined): string => formatUsd(finite(value) ? value : 0);

/**
 * A percent value (12.34 means 12.34 %) signed with 2 decimals: `+12.34%`, `-3.40%`, at zero `+0.00%` (`0.00%` with
 * `plusAtZero: false`); missing → `0.00%` (or `missing`).
 */
export function formatSignedPercentValue(
  value: number | null | undefined,
  { missing = '0.00%', plusAtZero = true }: { missing?: string; plusAtZero?: boolean } = {},
): string {
  if (!finite(value)) return missing;
  const rounded = Math.abs(value) < 0.005 ? 0 : value;
  return `${rounded > 0 || (plusAtZero && rounded === 0) ? '+' : ''}${rounded.toFixed(2)}%`;
}

/** Win rate: `72.5%`; missing → `0.0%` (or `missing`). */
export const formatWinRate = (value: number | null | undefined, missing = '0.0%'): string =>
  finite(value) ? `${value.toFixed(1)}%` : missing;

/** Max drawdown, a fall in percentage points: `-8.20%` (`0.00%` without one). */
export function formatDrawdown(value: number | null | undefined): string {
  if (!finite(value) || Math.abs(value) < 0.005) return '0.00%';
  return `-${Math.abs(value).toFixed(2)}%`;
}

/**
 * The colour class of a change: gains green, losses red (the sign is written too); flat within ±0.004.
 * `{ shownAsZero: true }` also makes flat what reads 0.00 at 2 decimals (under ±0.005) and a missing value.
 */
export const trendClass = (
  value: number | null | undefined,
  { shownAsZero = false }: { shownAsZero?: boolean } = {},
): 'gain' | 'loss' | 'flat' =>
  shownAsZero && (!finite(value) || Math.abs(value) < 0.005)
    ? 'flat'
    : value! > 0.004
      ? 'gain'
      : value! < -0.004
        ? 'loss'
        : 'flat';

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
export const formatQuantity = (value: number): string => quantityFormat.format(finite(value) ? value : 0);

const countFormat = new Intl.NumberFormat('en-US');
export const formatWhole = (value: number): string => countFormat.format(finite(value) ? value : 0);

/**
 * Options prices (docs/product.md#trace-page): an options trade's stored prices are hundredths; ÷ 100 gives the
 * per-contract price. Other trades' prices are dollars as stored.
 */
export const displayPrice = (trade: Pick<TradeView, 'isOptions'>, stored: number): number =>
  trade.isOptions ? stored / 100 : stored;

/** An option's contract in a line (type or 'Option', strike, expiry); null for a stock. */
export function optionSummary(
  trade: Pick<TradeView, 'isOptions' | 'optionType' | 'strikePrice' | 'expirationDate'>,
): string | null {
  if (!trade.isOptions) return null;
  return [
    trade.optionType ? trade.optionType.toUpperCase() : 'Option',
    trade.strikePrice !== null ? `Strike ${formatMoney(trade.strikePrice)}` : null,
    trade.expirationDate ? `Exp ${formatDay(trade.expirationDate)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Open trades show their unrealized P&L, closed ones the realized P&L. */
export const tradePnl = (trade: Pick<TradeView, 'status' | 'unrealizedPnl' | 'realizedPnl'>): number =>
  trade.status === 'closed' ? trade.realizedPnl : trade.unrealizedPnl;
