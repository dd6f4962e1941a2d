import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, isUUID, ValidateIf } from 'class-validator';
import {
  CopyGuardMessages,
  CopyGuardRules,
  MARKET_CLOSED_POLICIES,
  SIZING_MODES,
  validateDailyLossLimit,
  validateMaxShareAgeMinutes,
  validatePricePercent,
  validateSizingPercent,
  validateStopLossPercent,
  type MarketClosedPolicy,
  type SizingMode,
} from '../../rules/copy-guards.rules';
import { SatisfiesRule } from '../common/satisfies-rule.validator';

/** A field that may be left out (unchanged) but never sent as null (it has no "off"). */
const present = (_: object, value: unknown) => value !== undefined;

/**
 * PUT /api/copy-guards: the follower-wide guards to change. A field left out keeps its value; null turns an optional
 * guard off. Sizing by % of the account needs a percent (sent, or already stored).
 */
export class UpdateFollowerGuardsDto {
  @IsOptional()
  @SatisfiesRule(validatePricePercent)
  priceProtectionPercent?: number | null;

  @IsOptional()
  @SatisfiesRule(validateMaxShareAgeMinutes)
  maxShareAgeMinutes?: number | null;

  @IsOptional()
  @SatisfiesRule(validateDailyLossLimit)
  dailyLossLimit?: number | null;

  @ValidateIf(present)
  @IsIn(MARKET_CLOSED_POLICIES, { message: CopyGuardMessages.marketClosedPolicy })
  marketClosedPolicy?: MarketClosedPolicy;

  @ValidateIf(present)
  @IsIn(SIZING_MODES, { message: CopyGuardMessages.sizingMode })
  sizingMode?: SizingMode;

  @IsOptional()
  @SatisfiesRule(validateSizingPercent)
  sizingPercent?: number | null;

  @ValidateIf(present)
  @IsBoolean({ message: CopyGuardMessages.copyOpenPositions })
  copyOpenPositions?: boolean;
}

/** POST /api/copy-guards/stop-all: the kill switch, optionally closing the automatic copies held. */
export class StopAllAutoCopyDto {
  @ValidateIf(present)
  @IsBoolean({ message: CopyGuardMessages.closeAutomaticCopies })
  closeAutomaticCopies?: boolean;
}

/** PUT /api/copy-guards/traces/{traceId}: one trace's guards; left out keeps, null turns off (uses the default). */
export class UpdateTraceGuardsDto {
  @IsOptional()
  @SatisfiesRule(validateStopLossPercent)
  stopLossPercent?: number | null;

  @IsOptional()
  @SatisfiesRule(validatePricePercent)
  priceProtectionPercent?: number | null;
}

/** 1–100 distinct valid ids (comma-separated in the query), or the message. */
export function validateTraceIds(value: unknown): string | null {
  const valid =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= CopyGuardRules.maxTraceIds &&
    value.every((id) => typeof id === 'string' && isUUID(id));
  return valid ? null : CopyGuardMessages.traceIdsInvalid;
}

/** "a,b,c" (or a repeated parameter) → distinct trimmed ids; anything else is left for the rule to refuse. */
const splitIds = ({ value }: { value: unknown }) => {
  const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : null;
  if (!parts || !parts.every((part) => typeof part === 'string')) return value;
  return [...new Set((parts as string[]).flatMap((part) => part.split(',')).map((part) => part.trim()))].filter(
    (part) => part !== '',
  );
};

/** GET /api/copy-guards/traces?traceIds=a,b */
export class TraceGuardsQueryDto {
  @Transform(splitIds)
  @SatisfiesRule(validateTraceIds)
  traceIds: string[];
}
