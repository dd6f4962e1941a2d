import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

const DECIMAL_AMOUNT = /^\d+(\.\d+)?$/;
const decimalOrNull = { message: '$property must be a decimal string or null' };

export class NotificationPreferencesV1 {
  @IsBoolean()
  emailNotifications: boolean;

  @IsBoolean()
  notifyOnTradeShared: boolean;

  @IsBoolean()
  notifyOnTradeSold: boolean;

  @IsBoolean()
  notifyOnCopiedTradeSold: boolean;
}

/**
 * A user changed copy-trading or notification settings. Carries the full settings after the change, so a
 * consumer can keep the latest state from this event alone. Amounts are decimal strings ('1000.00') or null.
 */
export class UserSettingsChangedV1 {
  @IsUUID()
  userId: string;

  @IsArray()
  @IsString({ each: true })
  changedFields: string[];

  @IsBoolean()
  copyTradingEnabled: boolean;

  @ValidateIf((_, value) => value !== null)
  @IsString(decimalOrNull)
  @Matches(DECIMAL_AMOUNT, decimalOrNull)
  defaultCopyAmount: string | null;

  @ValidateIf((_, value) => value !== null)
  @IsString(decimalOrNull)
  @Matches(DECIMAL_AMOUNT, decimalOrNull)
  maxCopyAmount: string | null;

  /**
   * 'Close my automatic copies when the trader sells'. Added to v1 after its first events: absent in those,
   * which means false (the setting did not exist, so it was off).
   */
  @IsOptional()
  @IsBoolean()
  closeAutoCopiesOnTraderSell?: boolean;

  @IsObject()
  @ValidateNested()
  @Type(() => NotificationPreferencesV1)
  notificationPreferences: NotificationPreferencesV1;

  @IsISO8601()
  changedAt: string;
}

export const UserSettingsChanged = defineCataloguedEvent(UserSettingsChangedV1, {
  type: 'UserSettingsChanged',
  version: 1,
  subject: 'events.identity.user.settings-changed.v1',
  producer: 'identity',
});
