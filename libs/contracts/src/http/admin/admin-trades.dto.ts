import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { AdminBodyDto } from '../traces/traces.dto';
import { AdminPageDto, ADMIN_PAGE_MAX } from './admin-pagination';
import { TIER_NAMES, type TierName } from '../traces/traces.rules';

/** Trades per page at most (pages of ADMIN_PAGE_SIZE = 25 from page 1 by default). */
export const ADMIN_TRADES_PAGE_MAX = ADMIN_PAGE_MAX;
/** Copy instances shown per trade, then '...and N more' (docs/product.md#business-constants). */
export const ADMIN_TRADE_COPIES_SHOWN = 3;
/** Share tier when the admin names none (docs/product.md#admin-panel). */
export const ADMIN_DEFAULT_SHARE_TIER: TierName = 'premium';

/** The shared-flag filter: true / false (JSON or text); '', 'all' or absent mean both. */
const toSharedFilter = ({ value }: { value: unknown }) => {
  if (value === '' || value === 'all' || value === null) return undefined;
  return value === 'true' ? true : value === 'false' ? false : value;
};
const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value;

/** POST /api/admin/trades */
export class AdminListTradesDto extends AdminPageDto {
  /** Exact ticker, case-insensitive (an option's underlying). */
  @IsOptional()
  @Transform(blankToUndefined)
  @IsString({ message: 'symbol must be text' })
  @Matches(/^[A-Za-z0-9.\-/ ]{1,32}$/, { message: 'symbol must be 1 to 32 letters, digits, dots or dashes' })
  symbol?: string;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId?: string;

  @IsOptional()
  @Transform(toSharedFilter)
  @IsBoolean({ message: 'isShared must be true, false or all' })
  isShared?: boolean;
}

/** POST /api/admin/unshare-trade, /api/admin/delete-trade */
export class AdminTradeIdDto extends AdminBodyDto {
  @IsUUID('all', { message: 'tradeId must be a valid id' })
  tradeId: string;
}

/** POST /api/admin/share-trade: requiredTier free, basic, premium or vip (premium when absent). */
export class AdminShareTradeDto extends AdminTradeIdDto {
  @IsOptional()
  @IsIn(TIER_NAMES, { message: `requiredTier must be one of: ${TIER_NAMES.join(', ')}` })
  requiredTier?: TierName;
}
