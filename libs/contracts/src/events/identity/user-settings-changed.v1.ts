import { defineEvent } from '../event-envelope';

export interface NotificationPreferencesV1 {
  emailNotifications: boolean;
  notifyOnTradeShared: boolean;
  notifyOnTradeSold: boolean;
  notifyOnCopiedTradeSold: boolean;
}

/**
 * A user changed copy-trading or notification settings. Carries the full settings after the change, so a
 * consumer can keep the latest state from this event alone. Amounts are decimal strings ('1000.00') or null.
 */
export interface UserSettingsChangedV1 {
  userId: string;
  changedFields: string[];
  copyTradingEnabled: boolean;
  defaultCopyAmount: string | null;
  maxCopyAmount: string | null;
  notificationPreferences: NotificationPreferencesV1;
  changedAt: string;
}

export const UserSettingsChanged = defineEvent<UserSettingsChangedV1>({
  type: 'UserSettingsChanged',
  version: 1,
  subject: 'events.identity.user.settings-changed.v1',
  producer: 'identity',
});
