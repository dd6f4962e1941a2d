import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Messages } from '../../rules/messages';
import { SatisfiesRule } from '../common/satisfies-rule.validator';
import { MultiLineText } from '../common/text-input.validators';

export const DEBUG_LOG_MAX_DATA_CHARS = 8000;

const boundedJson = (value: unknown) =>
  JSON.stringify(value ?? null).length <= DEBUG_LOG_MAX_DATA_CHARS ? null : Messages.debugLogTooLarge;

/** POST /api/debug/log (docs/product.md#rest-calls): a label and any JSON, for debugging only. */
export class DebugLogDto {
  @IsString({ message: 'label must be text of 1 to 200 characters' })
  @MinLength(1, { message: 'label must be text of 1 to 200 characters' })
  @MaxLength(200, { message: 'label must be text of 1 to 200 characters' })
  label: string;

  @IsOptional()
  @SatisfiesRule(boundedJson)
  @MultiLineText()
  data?: unknown;
}

export interface DebugLogResponse {
  success: true;
  message: string;
}
