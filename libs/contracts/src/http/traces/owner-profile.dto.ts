import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  MIN_INVESTMENT_MAX,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  TRACE_BIO_MAX,
  TRACE_DESCRIPTION_MAX,
  TRACE_NAME_MAX,
} from './owner-profile.rules';
import { MultiLineText, normalisedText, OptionalField, VisibleText } from '../common/text-input.validators';
import {
  OWNER_SUBSCRIBERS_PAGE_MAX,
  RISK_LEVELS,
  TIER_NAMES,
  TRADING_STYLES,
  type RiskLevel,
  type TierName,
} from './traces.rules';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const bool = (field: string) => ({ message: `${field} must be true or false` });
/** A value that is not a number says so, whichever of its rules reports first. */
const orNotNumber =
  (message: string) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'number' && Number.isFinite(value) ? message : 'minInvestment must be a number';
/** A required field that is missing says so, whichever of its rules reports first. */
const orRequired =
  (field: string, message: string) =>
  ({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? `${field} is required` : message;

/**
 * PUT /api/trace-owner/{traceId}/profile (docs/product.md#entities-and-fields). A PUT replaces the profile: a
 * field left out takes its default (description and bio empty, no trading styles, risk medium, minimum 1000).
 */
export class UpdateTraceProfileDto {
  @Transform(normalisedText)
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(TRACE_NAME_MAX, { message: orRequired('name', `name must be at most ${TRACE_NAME_MAX} characters`) })
  @VisibleText()
  name: string;

  /**
   * Letters, digits and underscores, 3–30, with or without the leading '@' (stored with it); NFKC-folded first;
   * unique ignoring case.
   */
  @Transform(normalisedText)
  @IsString({ message: 'handle is required' })
  @Matches(/^@?[A-Za-z0-9_]{3,30}$/, {
    message: orRequired('handle', 'handle must be 3 to 30 letters, digits or underscores, optionally starting with @'),
  })
  handle: string;

  @OptionalField()
  @IsString({ message: 'description must be text' })
  @MaxLength(TRACE_DESCRIPTION_MAX, { message: `description must be at most ${TRACE_DESCRIPTION_MAX} characters` })
  @MultiLineText()
  description?: string;

  @OptionalField()
  @IsString({ message: 'bio must be text' })
  @MaxLength(TRACE_BIO_MAX, { message: `bio must be at most ${TRACE_BIO_MAX} characters` })
  @MultiLineText()
  bio?: string;

  @IsOptional()
  @IsArray({ message: 'tradingStyle must be a list' })
  @ArrayMaxSize(TRADING_STYLES.length, { message: `tradingStyle has at most ${TRADING_STYLES.length} values` })
  @ArrayUnique({ message: 'tradingStyle must not repeat a value' })
  @IsIn(TRADING_STYLES, { each: true, message: `tradingStyle values must be among: ${TRADING_STYLES.join(', ')}` })
  tradingStyle?: string[];

  @IsOptional()
  @IsIn(RISK_LEVELS, { message: 'riskLevel must be low, medium or high' })
  riskLevel?: RiskLevel;

  /** US dollars; numeric (a numeric string is accepted, as a form field sends it). */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value,
  )
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
    { message: 'minInvestment must be a number' },
  )
  @Min(0, { message: orNotNumber('minInvestment must be 0 or more') })
  @Max(MIN_INVESTMENT_MAX, { message: orNotNumber('minInvestment is too large') })
  minInvestment?: number;
}

/** PUT /api/trace-owner/{traceId}/privacy (docs/product.md#entities-and-fields); a field left out takes its default. */
export class UpdateTracePrivacyDto {
  @IsOptional()
  @IsBoolean(bool('allowComments'))
  allowComments?: boolean;

  @IsOptional()
  @IsBoolean(bool('allowCopying'))
  allowCopying?: boolean;

  @IsOptional()
  @IsBoolean(bool('autoShareProfitableTrades'))
  autoShareProfitableTrades?: boolean;

  @IsOptional()
  @IsIn(TIER_NAMES, { message: `defaultSharingTier must be one of: ${TIER_NAMES.join(', ')}` })
  defaultSharingTier?: TierName;

  @IsOptional()
  @IsBoolean(bool('publicProfile'))
  publicProfile?: boolean;
}

/** POST /api/trace-owner/{traceId}/posts */
export class CreateTracePostDto {
  @Transform(trimmed)
  @IsString({ message: 'title is required' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(POST_TITLE_MAX, { message: orRequired('title', `title must be at most ${POST_TITLE_MAX} characters`) })
  title: string;

  @Transform(trimmed)
  @IsString({ message: 'content is required' })
  @IsNotEmpty({ message: 'content is required' })
  @MaxLength(POST_CONTENT_MAX, {
    message: orRequired('content', `content must be at most ${POST_CONTENT_MAX} characters`),
  })
  @MultiLineText()
  content: string;

  /** Public posts are the free preview; the others are for the owner and active subscribers. Default false. */
  @IsOptional()
  @IsBoolean(bool('isPublic'))
  isPublic?: boolean;

  @IsOptional()
  @IsBoolean(bool('isPinned'))
  isPinned?: boolean;
}

/** PUT /api/trace-owner/{traceId}/posts/{postId}: the fields given change, the others stay. */
export class UpdateTracePostDto {
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(POST_TITLE_MAX, { message: `title must be at most ${POST_TITLE_MAX} characters` })
  title?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'content must be text' })
  @IsNotEmpty({ message: 'content must not be empty' })
  @MaxLength(POST_CONTENT_MAX, { message: `content must be at most ${POST_CONTENT_MAX} characters` })
  @MultiLineText()
  content?: string;

  @IsOptional()
  @IsBoolean(bool('isPublic'))
  isPublic?: boolean;

  @IsOptional()
  @IsBoolean(bool('isPinned'))
  isPinned?: boolean;
}

const pageNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value !== '' ? Number(value) : value;

/** GET /api/trace-owner/:traceId/subscribers?cursor&limit: newest first; `cursor` is the previous page's nextCursor. */
export class OwnerSubscribersQueryDto {
  @IsOptional()
  @Transform(pageNumber)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be between 1 and ${OWNER_SUBSCRIBERS_PAGE_MAX}` })
  @Max(OWNER_SUBSCRIBERS_PAGE_MAX, { message: `limit must be between 1 and ${OWNER_SUBSCRIBERS_PAGE_MAX}` })
  limit?: number;

  @IsOptional()
  @IsString({ message: 'cursor is not valid' })
  @MaxLength(200, { message: 'cursor is not valid' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor is not valid' })
  cursor?: string;
}
