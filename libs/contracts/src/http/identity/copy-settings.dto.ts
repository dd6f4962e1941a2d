import { IsBoolean, IsOptional, ValidateIf } from 'class-validator';
import { CopySettingsMessages, validateCopyAmount } from '../../rules/copy-settings.rules';
import { SatisfiesRule } from '../common/satisfies-rule.validator';
import type { UserView } from './user.view';

const amountRule = (value: unknown) => validateCopyAmount(value as number | null);

/** POST /api/update-copy-trading */
export class UpdateCopyTradingDto {
  @IsBoolean({ message: 'copyTradingEnabled must be true or false' })
  copyTradingEnabled: boolean;
}

/**
 * POST /api/update-copy-settings: either amount or both, and/or the 'close my automatic copies when the trader
 * sells' switch. A missing field is left as it is; null clears an amount. The default may not exceed the
 * maximum (checked against the stored value of the other one).
 */
export class UpdateCopySettingsDto {
  @IsOptional()
  @SatisfiesRule(amountRule)
  defaultCopyAmount?: number | null;

  @IsOptional()
  @SatisfiesRule(amountRule)
  maxCopyAmount?: number | null;

  /** Off by default. Only true or false: null is refused like any other non-boolean (hence not IsOptional). */
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean({ message: CopySettingsMessages.closeAutoCopiesNotBoolean })
  closeAutoCopiesOnTraderSell?: boolean;
}

export interface CopySettingsResponse {
  success: true;
  user: UserView;
  message: string;
}
