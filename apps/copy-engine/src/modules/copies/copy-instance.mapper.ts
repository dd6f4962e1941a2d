import {
  COPY_SKIP_CODES,
  type CopyInstanceStatus,
  type CopyInstanceView,
  type CopyReceiptFigures,
} from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { closedByOf, closedByOfReason } from './copy-closed-by';
import type { CopyRecord } from './copy-instances.store';

const num = (value: string | null): number | null => (value === null ? null : new Decimal(value).toNumber());
const money = (value: Decimal) => value.toDecimalPlaces(2).toNumber();

const STATUS: Record<CopyRecord['status'], CopyInstanceStatus> = {
  PENDING: 'pending',
  OPEN: 'open',
  FAILED: 'failed',
  CLOSED: 'closed',
};

/**
 * Signed P&L of `quantity` units from `entry` to `price`: buys (price − entry) × quantity × multiplier, sells
 * reversed.
 */
export function profitOf(
  copy: Pick<CopyRecord, 'side' | 'contractMultiplier'>,
  entry: Decimal.Value,
  price: Decimal.Value,
  quantity: Decimal.Value,
): Decimal {
  const perUnit = new Decimal(price).minus(entry);
  const pnl = perUnit.times(quantity).times(copy.contractMultiplier);
  return copy.side === 'sell' ? pnl.negated() : pnl;
}

/**
 * A copy as the web app reads it (docs/product.md#entities-and-fields). Until the price
 * refresh of My Copy Trades gives a newer one, an open copy's current price is its fill price; a closed copy's is its
 * exit price and its P&L the realized one.
 */
export function toCopyInstanceView(copy: CopyRecord): CopyInstanceView {
  const entry = copy.entryPrice === null ? null : new Decimal(copy.entryPrice);
  const current =
    copy.status === 'CLOSED' && copy.exitPrice !== null
      ? new Decimal(copy.exitPrice)
      : copy.status === 'OPEN' && copy.currentPrice !== null
        ? new Decimal(copy.currentPrice)
        : entry;
  const amount = new Decimal(copy.copyAmount);
  const pnl =
    copy.status === 'CLOSED' && copy.realizedPnl !== null
      ? new Decimal(copy.realizedPnl)
      : entry && current
        ? profitOf(copy, entry, current, copy.quantityFilled)
        : new Decimal(0);
  return {
    id: copy.id,
    status: copy.status === 'FAILED' && COPY_SKIP_CODES.has(copy.failureCode ?? '') ? 'skipped' : STATUS[copy.status],
    awaitingConfirmation: copy.awaitingConfirmation,
    placement: copy.placement,
    copyQuantity: new Decimal(copy.quantityFilled).toNumber(),
    requestedQuantity: new Decimal(copy.quantityRequested).toNumber(),
    copyAmount: money(amount),
    copyEntryPrice: num(copy.entryPrice),
    copierCurrentPrice: current ? current.toNumber() : null,
    copierUnrealizedPnl: money(pnl),
    copierTotalReturn: amount.isZero() ? 0 : pnl.dividedBy(amount).times(100).toDecimalPlaces(2).toNumber(),
    copiedAt: (copy.filledAt ?? copy.createdAt).toISOString(),
    failureReason: copy.failureReason,
    queuedUntil: copy.status === 'PENDING' ? (copy.queuedUntil?.toISOString() ?? null) : null,
    brokerageAccountId: copy.brokerageAccountId,
    brokerageOrderId: copy.brokerageOrderId,
    requestId: copy.requestId,
    originalTrade: {
      id: copy.originalTradeId,
      symbol: copy.symbol,
      isOptions: copy.isOptions,
      type: copy.side,
      optionType: copy.optionType,
      strikePrice: num(copy.strikePrice),
      expirationDate: copy.expirationDate,
      contractMultiplier: copy.contractMultiplier,
      optionsTicker: copy.optionsTicker,
      trader: { id: copy.traderUserId, username: null },
      trace: { id: copy.traceId, name: copy.traceName, avatar: copy.traceAvatar, handle: copy.traceHandle },
    },
    heldQuantity: heldQuantityOf(copy).toNumber(),
    priceUpdatedAt: copy.status === 'OPEN' && copy.priceUpdatedAt ? copy.priceUpdatedAt.toISOString() : null,
    receipt: {
      traderPrice: new Decimal(copy.traderPrice).toNumber(),
      traderSharedAt: copy.traderSharedAt ? copy.traderSharedAt.toISOString() : null,
      fillPrice: num(copy.entryPrice),
      filledAt: copy.filledAt ? copy.filledAt.toISOString() : null,
      sizingPrice: num(copy.sizingPrice),
      sizingQuotedAt: copy.sizingQuotedAt ? copy.sizingQuotedAt.toISOString() : null,
      maxCopyAmount: num(copy.maxCopyAmount),
      limitPrice: num(copy.limitPrice),
      filledAboveMax: copy.maxCopyAmount !== null && amount.greaterThan(copy.maxCopyAmount),
      copiedOpenPosition: copy.origin === 'open_position',
      ...receiptFiguresOf(copy),
    },
    closedAt: copy.closedAt ? copy.closedAt.toISOString() : null,
    ...closedByOf(copy),
    closeFailure: copy.closeGaveUp
      ? {
          by: closedByOfReason(copy.closeGaveUp.reason),
          attempts: copy.closeGaveUp.attempts,
          reason: copy.closeGaveUp.refusal,
        }
      : null,
  };
}

/** Units the copy still holds: filled, less what its sells filled or have pending (never below 0). */
export function heldQuantityOf(copy: Pick<CopyRecord, 'status' | 'quantityFilled' | 'soldQuantity'>): Decimal {
  if (copy.status !== 'OPEN') return new Decimal(0);
  return Decimal.max(0, new Decimal(copy.quantityFilled).minus(copy.soldQuantity ?? 0));
}

/**
 * The receipt's figures: the delay from the trader's share to the follower's fill, and the slippage of the fill
 * against the trader's price — signed fill − trader per share, in percent of the trader's price and over the whole
 * copy; worse for a buy when positive, for a sell when negative.
 */
export function receiptFiguresOf(
  copy: Pick<
    CopyRecord,
    'entryPrice' | 'traderPrice' | 'traderSharedAt' | 'filledAt' | 'side' | 'quantityFilled' | 'contractMultiplier'
  >,
): CopyReceiptFigures {
  const delaySeconds =
    copy.traderSharedAt && copy.filledAt
      ? Math.round((copy.filledAt.getTime() - copy.traderSharedAt.getTime()) / 10) / 100
      : null;
  if (copy.entryPrice === null)
    return { delaySeconds, slippage: null, slippagePercent: null, slippageAmount: null, versusTrader: null };
  const trader = new Decimal(copy.traderPrice);
  const perShare = new Decimal(copy.entryPrice).minus(trader);
  const worse = copy.side === 'sell' ? perShare.isNegative() : perShare.isPositive();
  return {
    delaySeconds,
    slippage: perShare.toDecimalPlaces(4).toNumber(),
    slippagePercent: trader.isZero() ? null : perShare.dividedBy(trader).times(100).toDecimalPlaces(2).toNumber(),
    slippageAmount: money(perShare.times(copy.quantityFilled).times(copy.contractMultiplier)),
    versusTrader: perShare.isZero() ? 'same' : worse ? 'worse' : 'better',
  };
}
