import { CopySettingsRules, CopyTradeErrorCode, CopyTradeMessages, type SizingMode } from '@copytrade/contracts';
import Decimal from 'decimal.js';

/**
 * The arithmetic of a follower's limits (docs/product.md, "Copy limits"), free of I/O so every rule is unit-tested:
 * the cap against a live quote, whole units for an automatic copy, and price protection's limit price.
 */

export type CopySide = 'buy' | 'sell';

/** What a refused or skipped copy records and answers. */
export interface CopyRefusal {
  code: string;
  reason: string;
}

/** The estimated cost of `quantity` units at a live price: quantity × price × contract multiplier. */
export function estimatedCost(price: Decimal, quantity: Decimal.Value, multiplier: number): Decimal {
  return price.times(quantity).times(multiplier);
}

/** What an automatic copy is sized from: an amount of money, or the reason none could be worked out. */
export type CopyBudget = Decimal | CopyRefusal;

export interface BudgetInput {
  sizingMode: SizingMode;
  /** Percent of the account's value (0.1 .. 100), in 'account_percent' mode. */
  sizingPercent: string | null;
  defaultCopyAmount: string | null;
  maxCopyAmount: Decimal | null;
  /** The follower's primary account value in US dollars; null when the brokerage does not know it. */
  accountValue: Decimal | null;
}

/**
 * The money an automatic copy is sized from (docs/product.md, "Copy guards"): by default the follower's default copy
 * amount (Settings' placeholder when they set none); sizing by account, their percent of the account's value, never
 * above their maximum — not placed when that value is unknown (a guess could buy far more than they meant).
 */
export function copyBudget(input: BudgetInput): CopyBudget {
  if (input.sizingMode !== 'account_percent' || input.sizingPercent === null)
    return new Decimal(input.defaultCopyAmount ?? CopySettingsRules.placeholders.defaultCopyAmount);
  const percent = new Decimal(input.sizingPercent);
  if (input.accountValue === null)
    return {
      code: CopyTradeErrorCode.ACCOUNT_VALUE_UNKNOWN,
      reason: CopyTradeMessages.accountValueUnknown(percent.toNumber()),
    };
  const share = input.accountValue.times(percent).dividedBy(100);
  return input.maxCopyAmount !== null && input.maxCopyAmount.lessThan(share) ? input.maxCopyAmount : share;
}

/**
 * Whole units of `budget` at `unitCost` (at least one), for an automatic copy: its default copy amount, never more
 * than its maximum; null when even one unit costs more than the maximum.
 */
export function unitsWithinBudget(unitCost: Decimal, wanted: Decimal, max: Decimal | null): Decimal | null {
  if (max !== null && unitCost.greaterThan(max)) return null;
  const budget = max !== null && max.lessThan(wanted) ? max : wanted;
  const units = unitCost.greaterThan(0) ? budget.dividedToIntegerBy(unitCost) : new Decimal(1);
  return Decimal.max(1, units);
}

/**
 * How far a price has moved against the follower from the trader's, in percent of the trader's price: a buy pays
 * more, a sell receives less. Zero or negative when it moved in the follower's favour.
 */
export function adverseMovePercent(side: CopySide, traderPrice: Decimal, price: Decimal): Decimal {
  const move = side === 'buy' ? price.minus(traderPrice) : traderPrice.minus(price);
  return move.dividedBy(traderPrice).times(100);
}

/** Prices of $1 and more trade in cents, below that in hundredths of a cent. */
const tickOf = (price: Decimal) => (price.greaterThanOrEqualTo(1) ? 2 : 4);

/** A limit rounded to the tick without passing its bound: down for a buy, up for a sell. */
export function toTick(side: CopySide, price: Decimal): Decimal {
  return price.toDecimalPlaces(tickOf(price), side === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
}

export interface LimitInput {
  side: CopySide;
  traderPrice: Decimal;
  /** The follower's price protection in percent (null: off, a market order). */
  protectionPercent: Decimal | null;
  /** The follower's maximum copy amount (null: none). */
  maxCopyAmount: Decimal | null;
  quantity: Decimal;
  multiplier: number;
}

/**
 * The limit of a price-protected copy's order: the trader's price moved by the follower's percent against them
 * (buy × (1 + X %), sell × (1 − X %)); for a buy also the highest price per share at which the quantity stays within
 * the maximum copy amount, whichever is lower — so a protected buy can never fill above the cap. Null when price
 * protection is off (the copy goes out as a market order).
 */
export function protectedLimitPrice(input: LimitInput): Decimal | null {
  if (input.protectionPercent === null) return null;
  const factor = input.protectionPercent.dividedBy(100);
  const protection =
    input.side === 'buy'
      ? input.traderPrice.times(factor.plus(1))
      : input.traderPrice.times(new Decimal(1).minus(factor));
  if (input.side === 'sell' || input.maxCopyAmount === null) return toTick(input.side, protection);
  const cap = input.maxCopyAmount.dividedBy(input.quantity.times(input.multiplier));
  return toTick('buy', Decimal.min(protection, cap));
}

/**
 * A price-protected copy whose live quote has already moved past the follower's percent: skipped before any order,
 * with the move and the limit in its reason. Null when it may be placed.
 */
export function priceMovedSkip(
  side: CopySide,
  traderPrice: Decimal,
  quote: Decimal,
  protectionPercent: Decimal | null,
): CopyRefusal | null {
  if (protectionPercent === null) return null;
  const moved = adverseMovePercent(side, traderPrice, quote);
  if (moved.lessThanOrEqualTo(protectionPercent)) return null;
  return {
    code: CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
    reason: CopyTradeMessages.priceMoved(moved.toDecimalPlaces(1).toNumber(), protectionPercent.toNumber()),
  };
}
