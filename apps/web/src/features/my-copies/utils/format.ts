import type { CopyInstanceView } from '@copytrade/contracts';
import { formatSignedUsd } from '@/lib/format/money';
import { formatMoney, formatSignedPercentValue, formatWinRate, trendClass } from '@/lib/format/trade';

/**
 * Formatting for My Copy Trades (docs/product.md#validation-rules): the figures are the product's own (lib/format:
 * US dollars, $0.00 or 0.00% when missing, signed percents with 2 decimals, win rate with 1); below, what only a
 * copy shows.
 */
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `$1,234.50`; missing → `$0.00`. */
export const formatCurrency = formatMoney;
/** `+$12.50` / `-$3.00` / `$0.00`: a gain or loss, with its sign written. */
export const formatSignedCurrency = formatSignedUsd;
/** `+1.25%` / `+0.00%` / `-0.40%` (the value is already a percent); missing → `0.00%`. */
export const formatPercent = (value: number | null | undefined): string => formatSignedPercentValue(value);
export { formatWinRate };
/** 'gain', 'loss' or 'flat': the colour of a figure (its sign is always written too); flat what reads 0.00. */
export const toneOf = (value: number | null | undefined): 'gain' | 'loss' | 'flat' =>
  trendClass(value, { shownAsZero: true });

/** Contracts for options, shares otherwise (see docs/product.md#validation-rules). */
export const unitOf = (copy: CopyInstanceView, quantity: number): string =>
  copy.originalTrade.isOptions ? (quantity === 1 ? 'contract' : 'contracts') : quantity === 1 ? 'share' : 'shares';

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
export const formatQuantity = (quantity: number): string => quantityFormat.format(quantity);

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};
export const formatDate = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '—';
};
export const formatDateTime = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : '—';
};
export const formatTime = (time: number): string => timeFormat.format(new Date(time));

/** The trade type badge: BUY / SELL, and CALL / PUT for options. */
export const tradeTypeOf = (copy: CopyInstanceView): string => {
  const trade = copy.originalTrade;
  const side = trade.type.toUpperCase();
  return trade.isOptions && trade.optionType ? `${side} ${trade.optionType.toUpperCase()}` : side;
};

/**
 * The two letters of an avatar without a picture: the username's first two, uppercased
 * (docs/product.md#my-copy-trades).
 */
export const initialsOf = (username: string | null | undefined): string =>
  (username ?? '').trim().slice(0, 2).toUpperCase() || '?';

/** How long the follower's fill came after the trader's share: `0.8 s`, `42 s`, `3 min 5 s`, `2 h 10 min`. */
export function formatDelay(seconds: number | null | undefined): string {
  if (!isNumber(seconds)) return '—';
  const value = Math.max(0, seconds);
  if (value < 10) return `${value.toFixed(1)} s`;
  if (value < 60) return `${Math.round(value)} s`;
  const minutes = Math.floor(value / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(value % 60)} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The placement line of the receipt: an automatic copy of a position the trader already held when the follower
 * subscribed or resumed copying says so.
 */
export const placementOf = (copy: CopyInstanceView): string =>
  copy.receipt.copiedOpenPosition
    ? 'Copied open position'
    : copy.placement === 'automatic'
      ? 'Automatic copy'
      : 'Manual copy';

/**
 * The receipt's slippage, fill − trader, signed as the server gives it (for a buy a higher fill is worse, for a
 * sell a lower one), with the verdict in words: `+$1.25 (+1.25%) per share, worse than the trader`.
 */
export function slippageText(receipt: CopyInstanceView['receipt']): string | null {
  if (receipt.versusTrader === null || !isNumber(receipt.slippage)) return null;
  if (receipt.versusTrader === 'same') return 'Same price as the trader';
  const perShare = `${formatSignedCurrency(receipt.slippage)}${isNumber(receipt.slippagePercent) ? ` (${formatPercent(receipt.slippagePercent)})` : ''}`;
  return `${perShare} per share, ${receipt.versusTrader} than the trader`;
}

/** The copy's status badge. */
export function statusBadgeOf(copy: CopyInstanceView): {
  label: string;
  variant: 'success' | 'muted' | 'new' | 'danger';
} {
  switch (copy.status) {
    case 'open':
      return { label: 'Open', variant: 'success' };
    case 'closed':
      return { label: 'Closed', variant: 'muted' };
    case 'pending':
      return { label: copy.awaitingConfirmation ? 'Awaiting confirmation' : 'Pending', variant: 'new' };
    case 'skipped':
      return { label: 'Skipped', variant: 'muted' };
    default:
      return { label: 'Not placed', variant: 'danger' };
  }
}

/** A copy a guard kept from being placed, or the brokerage did not place: it holds nothing and says why. */
export const isNotPlaced = (copy: CopyInstanceView): boolean => copy.status === 'failed' || copy.status === 'skipped';

export interface CopiedTrace {
  id: string;
  name: string;
}

/** The traces of the copies, each once, in the copies' order (newest first). */
export function copiedTracesOf(copies: CopyInstanceView[]): CopiedTrace[] {
  const traces = new Map<string, CopiedTrace>();
  for (const copy of copies) {
    const trace = copy.originalTrade.trace;
    if (!traces.has(trace.id)) traces.set(trace.id, { id: trace.id, name: trace.name });
  }
  return [...traces.values()];
}

/**
 * Who closed a closed copy, as its row says it: "Closed by your copy stop-loss (−12.3 %)", "Closed by Stop all",
 * "Closed when the trader sold"; nothing for the follower's own sell (or a copy not closed).
 */
export function closedByText(copy: Pick<CopyInstanceView, 'closedBy' | 'closedByLossPercent'>): string | null {
  switch (copy.closedBy) {
    case 'stop_loss':
      return isNumber(copy.closedByLossPercent)
        ? `Closed by your copy stop-loss (−${Math.abs(copy.closedByLossPercent).toFixed(1)} %)`
        : 'Closed by your copy stop-loss';
    case 'kill_switch':
      return 'Closed by Stop all automatic copying';
    case 'trader':
      return 'Closed when the trader sold';
    default:
      return null;
  }
}

const CLOSE_TRIED_BY: Record<NonNullable<CopyInstanceView['closeFailure']>['by'], string> = {
  stop_loss: 'Your copy stop-loss',
  kill_switch: 'Stop all automatic copying',
  trader: 'Closing when the trader sold',
};

/**
 * An open copy a guard (or the trader's sell) decided to close but could not sell — the brokerage refused each attempt —
 * as its card says it; nothing otherwise.
 */
export function closeFailureText(copy: Pick<CopyInstanceView, 'closeFailure'>): string | null {
  const failure = copy.closeFailure;
  if (!failure) return null;
  const attempts = `${failure.attempts} ${failure.attempts === 1 ? 'attempt' : 'attempts'}`;
  const reason = failure.reason ? `: ${failure.reason}` : '';
  return `${CLOSE_TRIED_BY[failure.by]} could not sell this copy (refused at ${attempts}${reason}). It is still open.`;
}
