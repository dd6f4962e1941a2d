import type { FollowerGuardsView, TraceGuardsView } from '@copytrade/contracts';
import { usTradingDayAfter, usTradingDayOf } from '@copytrade/nest';
import type { FollowerGuards, TraceGuards } from './copy-guards.store';

/** Stored decimals (at most 2 places) as the numbers the views carry. */
const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));
const isoOrNull = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The follower's guards as the web app reads them; the daily loss stop is shown only on the day it holds. */
export function toFollowerGuardsView(guards: FollowerGuards, now = new Date()): FollowerGuardsView {
  const stoppedOn = guards.dailyLossStoppedOn === usTradingDayOf(now) ? guards.dailyLossStoppedOn : null;
  return {
    priceProtectionPercent: numberOrNull(guards.priceProtectionPercent),
    maxShareAgeMinutes: guards.maxShareAgeMinutes,
    autoCopyStopped: guards.autoCopyStopped,
    autoCopyStoppedAt: isoOrNull(guards.autoCopyStoppedAt),
    dailyLossLimit: numberOrNull(guards.dailyLossLimit),
    dailyLossStoppedOn: stoppedOn,
    dailyLossResumesOn: stoppedOn === null ? null : usTradingDayAfter(stoppedOn),
    marketClosedPolicy: guards.marketClosedPolicy,
    sizingMode: guards.sizingMode,
    sizingPercent: numberOrNull(guards.sizingPercent),
    copyOpenPositions: guards.copyOpenPositions,
    updatedAt: isoOrNull(guards.updatedAt),
  };
}

export function toTraceGuardsView(guards: TraceGuards): TraceGuardsView {
  return {
    traceId: guards.traceId,
    autoCopyPaused: guards.autoCopyPaused,
    pausedReason: guards.pausedReason,
    pausedAt: isoOrNull(guards.pausedAt),
    stopLossPercent: numberOrNull(guards.stopLossPercent),
    priceProtectionPercent: numberOrNull(guards.priceProtectionPercent),
    updatedAt: isoOrNull(guards.updatedAt),
  };
}
