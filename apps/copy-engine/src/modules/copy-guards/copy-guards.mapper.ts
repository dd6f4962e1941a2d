import type { FollowerGuardsView, TraceGuardsView } from '@copytrade/contracts';
import type { FollowerGuards, TraceGuards } from './copy-guards.store';

/** Stored decimals (at most 2 places) as the numbers the views carry. */
const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));
const isoOrNull = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toFollowerGuardsView(guards: FollowerGuards): FollowerGuardsView {
  return {
    priceProtectionPercent: numberOrNull(guards.priceProtectionPercent),
    maxShareAgeMinutes: guards.maxShareAgeMinutes,
    autoCopyStopped: guards.autoCopyStopped,
    autoCopyStoppedAt: isoOrNull(guards.autoCopyStoppedAt),
    dailyLossLimit: numberOrNull(guards.dailyLossLimit),
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
