import { IsBoolean, IsOptional } from 'class-validator';

export interface NotificationPreferences {
  emailNotifications: boolean;
  notifyOnTradeShared: boolean;
  notifyOnTradeSold: boolean;
  notifyOnCopiedTradeSold: boolean;
}

/** All true until the user changes them (see docs/product.md#entities-and-fields). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  notifyOnTradeShared: true,
  notifyOnTradeSold: true,
  notifyOnCopiedTradeSold: true,
};

const flag = (name: string) => ({ message: `${name} must be true or false` });

/** PUT /api/user/notification-preferences: the flags to change; a missing flag keeps its value. */
export class UpdateNotificationPreferencesDto implements Partial<NotificationPreferences> {
  @IsOptional() @IsBoolean(flag('emailNotifications')) emailNotifications?: boolean;
  @IsOptional() @IsBoolean(flag('notifyOnTradeShared')) notifyOnTradeShared?: boolean;
  @IsOptional() @IsBoolean(flag('notifyOnTradeSold')) notifyOnTradeSold?: boolean;
  @IsOptional() @IsBoolean(flag('notifyOnCopiedTradeSold')) notifyOnCopiedTradeSold?: boolean;
}

export interface NotificationPreferencesResponse {
  success: true;
  preferences: NotificationPreferences;
}
export interface SaveNotificationPreferencesResponse {
  success: true;
  preferences: NotificationPreferences;
  message: string;
}
