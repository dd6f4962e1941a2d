import { CopyTradeErrorCode, CopyTradeMessages, type PlacedOrderView } from '@copytrade/contracts';
import { usTradingDayOf } from '@copytrade/nest';
import Decimal from 'decimal.js';
import type { FollowerGuards, TraceGuards } from '../copy-guards/copy-guards.store';
import type { CopyRefusal } from './copy-limits';

/** A follower's guards as they bear on one copy: the follower-wide ones and those of the copy's trace. */
export interface CopyGuards {
  follower: FollowerGuards;
  trace: TraceGuards;
}

/**
 * Why an automatic copy may not be placed now, if anything (docs/product.md, "Copy guards"): the follower's stop
 * switch, their pause of the trace, their daily loss limit reached today, or a share older than their maximum age. Checked when a fan-out records the
 * copy and again when a placement worker claims it, so a switch that commits in between holds.
 */
export function automaticCopyBlock(guards: CopyGuards, sharedAt: Date | null, now: Date): CopyRefusal | null {
  if (guards.follower.autoCopyStopped)
    return { code: CopyTradeErrorCode.SKIPPED_STOPPED, reason: CopyTradeMessages.autoCopyStopped };
  if (guards.trace.autoCopyPaused)
    return { code: CopyTradeErrorCode.SKIPPED_PAUSED, reason: CopyTradeMessages.autoCopyPaused };
  const { dailyLossStoppedOn, dailyLossLimit } = guards.follower;
  if (dailyLossStoppedOn !== null && dailyLossStoppedOn === usTradingDayOf(now))
    return {
      code: CopyTradeErrorCode.SKIPPED_DAILY_LOSS,
      reason: CopyTradeMessages.dailyLossReached(Number(dailyLossLimit ?? 0)),
    };
  const maxMinutes = guards.follower.maxShareAgeMinutes;
  if (maxMinutes !== null && sharedAt !== null) {
    const ageMinutes = Math.floor((now.getTime() - sharedAt.getTime()) / 60_000);
    if (ageMinutes >= maxMinutes)
      return {
        code: CopyTradeErrorCode.SKIPPED_SHARE_TOO_OLD,
        reason: CopyTradeMessages.shareTooOld(ageMinutes, maxMinutes),
      };
  }
  return null;
}

/** The follower's price protection for the copy's trace: the trace's own percent, else the follower-wide one. */
export function protectionPercentOf(guards: CopyGuards): Decimal | null {
  const percent = guards.trace.priceProtectionPercent ?? guards.follower.priceProtectionPercent;
  return percent === null ? null : new Decimal(percent);
}

/**
 * A price-protected copy's limit order the brokerage ended without a fill (immediate-or-cancel: the price was past
 * the limit when it reached the market): the copy is skipped, with its limit in the reason. Null for anything else.
 */
export function limitNotReachedOf(
  copy: { limitPrice: string | null },
  order: Pick<PlacedOrderView, 'state' | 'filledQuantity'>,
): CopyRefusal | null {
  if (copy.limitPrice === null) return null;
  if (order.state !== 'CANCELED' && order.state !== 'EXPIRED') return null;
  if (Number(order.filledQuantity ?? 0) > 0) return null;
  return {
    code: CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
    reason: CopyTradeMessages.priceMovedBeforeFill(new Decimal(copy.limitPrice).toNumber()),
  };
}

/** The limit fields of a copy's order: an immediate-or-cancel limit for a price-protected copy, else none. */
export function limitOrderFieldsOf(copy: { limitPrice: string | null }): {
  limitPrice?: number;
  timeInForce?: 'IOC';
} {
  return copy.limitPrice === null ? {} : { limitPrice: new Decimal(copy.limitPrice).toNumber(), timeInForce: 'IOC' };
}
