/**
 * The follower's copy guards: limits that keep copies inside what the follower accepts. One set of ranges and
 * messages for the server (the request DTOs) and the web form, so both refuse the same values with the same words.
 * A blank optional value means the guard is off (null).
 */
export const CopyGuardRules = {
  pricePercent: { min: 0.1, max: 20 },
  maxShareAgeMinutes: { min: 1, max: 1440 },
  dailyLossLimit: { min: 1, max: 10_000_000 },
  sizingPercent: { min: 0.1, max: 100 },
  stopLossPercent: { min: 5, max: 95 },
  maxDecimals: 2,
  /** Trace ids one list request may name. */
  maxTraceIds: 100,
} as const;

export const MARKET_CLOSED_POLICIES = ['skip', 'next_open'] as const;
export type MarketClosedPolicy = (typeof MARKET_CLOSED_POLICIES)[number];

export const SIZING_MODES = ['fixed', 'account_percent'] as const;
export type SizingMode = (typeof SIZING_MODES)[number];

export const TRACE_PAUSE_REASONS = ['user', 'stop_loss', 'daily_loss'] as const;
export type TracePauseReason = (typeof TRACE_PAUSE_REASONS)[number];

const { pricePercent, maxShareAgeMinutes, dailyLossLimit, sizingPercent, stopLossPercent } = CopyGuardRules;

export const CopyGuardMessages = {
  pricePercent: `Price protection must be between ${pricePercent.min} % and ${pricePercent.max} %.`,
  maxShareAgeMinutes: `Maximum share age must be a whole number of minutes between ${maxShareAgeMinutes.min} and ${maxShareAgeMinutes.max.toLocaleString('en-US')}.`,
  dailyLossLimit: `Daily loss limit must be between $${dailyLossLimit.min} and $${dailyLossLimit.max.toLocaleString('en-US')}.`,
  sizingPercent: `Share of the account must be between ${sizingPercent.min} % and ${sizingPercent.max} %.`,
  sizingPercentRequired: 'Enter the share of your account each copy may use when sizing by % of account.',
  stopLossPercent: `Copy stop-loss must be between ${stopLossPercent.min} % and ${stopLossPercent.max} %.`,
  tooManyDecimals: 'Use at most 2 decimal places.',
  marketClosedPolicy: 'Market-closed policy must be skip or next_open.',
  sizingMode: 'Sizing mode must be fixed or account_percent.',
  copyOpenPositions: 'copyOpenPositions must be true or false.',
  closeAutomaticCopies: 'closeAutomaticCopies must be true or false.',
  nothingToUpdate: 'Send at least one setting to change.',
  traceIdInvalid: 'traceId must be a valid id.',
  traceIdsInvalid: `traceIds must be 1 to ${CopyGuardRules.maxTraceIds} valid trace ids, separated by commas.`,
  ownGuardsOnly: 'You can only see or change your own copy guards.',
  saved: 'Copy guards saved.',
  stopped: 'Automatic copying stopped for every trace.',
  resumed: 'Automatic copying resumed.',
  tracePaused: 'Automatic copying paused for this trace.',
  traceResumed: 'Automatic copying resumed for this trace.',
} as const;

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A rule for an optional number: null is "off"; otherwise a finite number within [min, max] with ≤ 2 decimals. */
function percentOrAmountRule(range: { min: number; max: number }, outOfRange: string, whole = false) {
  return (value: unknown): string | null => {
    if (value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value)) return outOfRange;
    if (value < range.min || value > range.max) return outOfRange;
    if (whole) return Number.isInteger(value) ? null : outOfRange;
    return hasAtMostTwoDecimals(value) ? null : CopyGuardMessages.tooManyDecimals;
  };
}

export const validatePricePercent = percentOrAmountRule(pricePercent, CopyGuardMessages.pricePercent);
export const validateMaxShareAgeMinutes = percentOrAmountRule(
  maxShareAgeMinutes,
  CopyGuardMessages.maxShareAgeMinutes,
  true,
);
export const validateDailyLossLimit = percentOrAmountRule(dailyLossLimit, CopyGuardMessages.dailyLossLimit);
export const validateSizingPercent = percentOrAmountRule(sizingPercent, CopyGuardMessages.sizingPercent);
export const validateStopLossPercent = percentOrAmountRule(stopLossPercent, CopyGuardMessages.stopLossPercent);

/** Sizing by % of the account needs the percent; a fixed amount ignores it. */
export function validateSizing(mode: SizingMode, percent: number | null): string | null {
  return mode === 'account_percent' && percent === null ? CopyGuardMessages.sizingPercentRequired : null;
}

/**
 * What an optional number input of the guard forms sends: null when blank (the guard off), else the number typed —
 * NaN when it is not one, which the rules refuse rather than silently turning the guard off.
 */
export function parseGuardInput(input: string): number | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : Number(trimmed);
}
