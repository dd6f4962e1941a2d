import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { FEEDBACK_TYPES, FeedbackMessages, FeedbackRules } from '../../rules/feedback.rules';
import { SatisfiesRule } from '../common/satisfies-rule.validator';
import { MultiLineText, OptionalField } from '../common/text-input.validators';

const typeRule = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return FeedbackMessages.typeRequired;
  return (FEEDBACK_TYPES as readonly string[]).includes(value) ? null : FeedbackMessages.typeInvalid;
};
const messageRule = (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return FeedbackMessages.messageRequired;
  return value.length <= FeedbackRules.messageMaxLength ? null : FeedbackMessages.messageTooLong;
};
const short = (max: number) => ({ message: `$property must be text of at most ${max} characters` });
/** Nested objects become their DTO class so they are validated (no @Type: it needs reflect-metadata, absent in the browser). */
const nested =
  <T>(type: new () => T) =>
  ({ value }: { value: unknown }) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? plainToInstance(type, value) : value;
const count = { message: '$property must be a whole number (0 or more)' };

export class ScreenInfoDto {
  @IsOptional() @IsInt(count) @Min(0, count) width?: number;
  @IsOptional() @IsInt(count) @Min(0, count) height?: number;
  @IsOptional() @IsInt(count) @Min(0, count) colorDepth?: number;
}

export class WindowInfoDto {
  @IsOptional() @IsInt(count) @Min(0, count) innerWidth?: number;
  @IsOptional() @IsInt(count) @Min(0, count) innerHeight?: number;
}

/** What the browser reports about itself with a feedback (docs/product.md#entities-and-fields). */
export class BrowserInfoDto {
  @OptionalField() @IsString(short(100)) @MaxLength(100, short(100)) language?: string;
  @OptionalField() @IsString(short(100)) @MaxLength(100, short(100)) platform?: string;
  @OptionalField()
  @IsString(short(FeedbackRules.userAgentMaxLength))
  @MaxLength(FeedbackRules.userAgentMaxLength, short(FeedbackRules.userAgentMaxLength))
  userAgent?: string;
  @IsOptional() @IsBoolean() cookieEnabled?: boolean;
  @IsOptional() @IsBoolean() onLine?: boolean;
  @IsOptional() @ValidateNested() @Transform(nested(ScreenInfoDto)) screen?: ScreenInfoDto;
  @IsOptional() @ValidateNested() @Transform(nested(WindowInfoDto)) window?: WindowInfoDto;
}

/**
 * POST /api/feedback/submit. `email` is accepted because the dialog sends it, but the stored address is
 * always the signed-in user's own.
 */
export class SubmitFeedbackDto {
  @SatisfiesRule(typeRule)
  type: string;

  @SatisfiesRule(messageRule)
  @MultiLineText()
  message: string;

  @OptionalField() @IsString(short(254)) @MaxLength(254, short(254)) email?: string;
  @OptionalField()
  @IsString(short(FeedbackRules.pageMaxLength))
  @MaxLength(FeedbackRules.pageMaxLength, short(FeedbackRules.pageMaxLength))
  page?: string;
  @OptionalField()
  @IsString(short(FeedbackRules.userAgentMaxLength))
  @MaxLength(FeedbackRules.userAgentMaxLength, short(FeedbackRules.userAgentMaxLength))
  userAgent?: string;
  @IsOptional() @ValidateNested() @Transform(nested(BrowserInfoDto)) browserInfo?: BrowserInfoDto;
}

export interface SubmitFeedbackResponse {
  success: true;
  feedbackId: string;
  message: string;
}
