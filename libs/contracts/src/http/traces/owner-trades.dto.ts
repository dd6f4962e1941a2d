import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { TIER_NAMES, type TierName } from './traces.rules';
import { MultiLineText, OptionalField } from '../common/text-input.validators';

/** POST /api/trace-owner/{traceId}/share-trade (docs/product.md#entities-and-fields). */
export class ShareTradeDto {
  /** The trade's id in the Trade Manager list (the web app's name for it). */
  @IsUUID('all', { message: 'snaptradeTradeId must be a valid id' })
  snaptradeTradeId: string;

  @IsIn(TIER_NAMES, { message: `minTier must be one of ${TIER_NAMES.join(', ')}` })
  minTier: TierName;

  @OptionalField()
  @IsString()
  @MaxLength(100)
  strategy?: string;

  @OptionalField()
  @IsString()
  @MaxLength(50)
  confidence?: string;

  @OptionalField()
  @IsString()
  @MaxLength(2000)
  @MultiLineText()
  notes?: string;
}
