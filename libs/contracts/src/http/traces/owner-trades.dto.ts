import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { TIER_NAMES, type TierName } from './traces.rules';

/** POST /api/trace-owner/{traceId}/share-trade (seed 001 §3 Share-trade payload). */
export class ShareTradeDto {
  /** The trade's id in the Trade Manager list (the seed's name for it). */
  @IsUUID('all', { message: 'snaptradeTradeId must be a valid id' })
  snaptradeTradeId: string;

  @IsIn(TIER_NAMES, { message: `minTier must be one of ${TIER_NAMES.join(', ')}` })
  minTier: TierName;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  strategy?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  confidence?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string;
}
