import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  RISK_LEVELS,
  TRACE_CATEGORIES,
  TRACE_SORTS,
  TRACES_OFFSET_MAX,
  TRACES_PAGE_MAX,
  TRADES_PAGE_MAX,
  TRADING_STYLES,
  TracesMessages,
  type RiskLevel,
  type TraceCategory,
  type TraceSort,
} from './traces.rules';
import { MultiLineText, normalisedText, OptionalField, VisibleText } from '../common/text-input.validators';

/** Query strings arrive as text, RPC payloads as JSON: both become numbers / booleans. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** An optional whole-number query or body field within [min, max], one message for every way it can be wrong. */
const OptionalWholeNumber =
  (field: string, min: number, max: number): PropertyDecorator =>
  (target, key) => {
    const message = `${field} must be a whole number from ${min} to ${max}`;
    for (const decorate of [
      IsOptional(),
      Transform(toNumber),
      IsInt({ message }),
      Min(min, { message }),
      Max(max, { message }),
    ])
      decorate(target, key);
  };

/** GET /api/traces */
export class ListTracesQueryDto {
  @OptionalField()
  @IsString()
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  search?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  @OptionalField()
  @IsIn(TRACE_CATEGORIES, { message: `category must be one of: ${TRACE_CATEGORIES.join(', ')}` })
  category?: TraceCategory;

  @OptionalField()
  @IsIn(TRACE_SORTS, { message: `sortBy must be one of: ${TRACE_SORTS.join(', ')}` })
  sortBy?: TraceSort;

  @OptionalWholeNumber('limit', 1, TRACES_PAGE_MAX)
  limit?: number;

  @OptionalWholeNumber('offset', 0, TRACES_OFFSET_MAX)
  offset?: number;
}

/** GET /api/traces/{id}/trades */
export class ListTradesQueryDto {
  @OptionalWholeNumber('limit', 1, TRADES_PAGE_MAX)
  limit?: number;

  /** open or closed, case-insensitive. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['open', 'closed'], { message: 'status must be open or closed' })
  status?: 'open' | 'closed';

  /** Accepted for the owner's call; live prices are not fetched yet (the stored current price is answered). */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'includeRealtimeData must be true or false' })
  includeRealtimeData?: boolean;
}

/** POST /api/subscribe */
export class SubscribeDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;

  @IsUUID('all', { message: 'tierId must be a valid id' })
  tierId: string;
}

/** POST /api/unsubscribe */
export class UnsubscribeDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}

/** POST /api/auto-subscribe */
export class AutoSubscribeDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}

/** Admin POST bodies carry the acting user's id (docs/product.md#rest-calls); the session decides, never this field. */
export class AdminBodyDto {
  @OptionalField()
  @IsString()
  @MaxLength(100)
  userId?: string;
}

/** POST /api/admin/traces */
export class AdminListTracesDto extends AdminBodyDto {
  @OptionalWholeNumber('limit', 1, TRACES_PAGE_MAX)
  limit?: number;

  @OptionalWholeNumber('offset', 0, TRACES_OFFSET_MAX)
  offset?: number;
}

const required = { message: TracesMessages.requiredFields };
/** A missing required field says 'Please fill in all required fields' whichever of its rules reports first. */
const orRequired =
  (message: string) =>
  ({ value }: { value: unknown }) =>
    value === undefined || value === null || value === '' ? TracesMessages.requiredFields : message;

/** POST /api/admin/create-trace: name, handle and owner required (docs/product.md#validation-rules). */
export class AdminCreateTraceDto extends AdminBodyDto {
  @Transform(normalisedText)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(80, { message: orRequired('name must be at most 80 characters') })
  @VisibleText()
  name: string;

  /** Letters, digits and underscores, 3–30, with or without the leading '@' (stored with it); NFKC-folded first. */
  @Transform(normalisedText)
  @IsString(required)
  @IsNotEmpty(required)
  @Matches(/^@?[A-Za-z0-9_]{3,30}$/, {
    message: orRequired('handle must be 3 to 30 letters, digits or underscores, optionally starting with @'),
  })
  handle: string;

  @IsString(required)
  @IsNotEmpty(required)
  @IsUUID('all', { message: orRequired('ownerId must be a valid user id') })
  ownerId: string;

  @OptionalField()
  @IsString()
  @MaxLength(2000)
  @MultiLineText()
  description?: string;

  @OptionalField()
  @IsString()
  @MaxLength(5000)
  @MultiLineText()
  bio?: string;

  @OptionalField()
  @IsString()
  @MaxLength(2000)
  @Matches(/^(https?:\/\/|\/)/, { message: 'avatar must be an http(s) URL or a path' })
  avatar?: string;

  @IsOptional()
  @IsArray({ message: 'tradingStyle must be a list' })
  @ArrayMaxSize(TRADING_STYLES.length)
  @IsIn(TRADING_STYLES, { each: true, message: `tradingStyle values must be among: ${TRADING_STYLES.join(', ')}` })
  tradingStyle?: string[];

  @OptionalField()
  @IsIn(RISK_LEVELS, { message: 'riskLevel must be low, medium or high' })
  riskLevel?: RiskLevel;

  /** Parsed as a number, default 0 (also when left blank). */
  @OptionalField()
  @Transform(toNumber)
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'minInvestment must be a number' })
  @Min(0, { message: 'minInvestment must be 0 or more' })
  @Max(1_000_000_000, { message: 'minInvestment is too large' })
  minInvestment?: number;

  @IsOptional()
  @IsBoolean({ message: 'isVerified must be true or false' })
  isVerified?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'isFeatured must be true or false' })
  isFeatured?: boolean;
}

/** POST /api/admin/update-trace-owner */
export class AdminUpdateTraceOwnerDto extends AdminBodyDto {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;

  @IsUUID('all', { message: 'newOwnerId must be a valid user id' })
  newOwnerId: string;
}

/** POST /api/admin/set-onboarding-trader, /api/admin/delete-trace */
export class AdminTraceIdDto extends AdminBodyDto {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}
