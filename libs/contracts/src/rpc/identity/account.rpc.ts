import type { UserView } from '../../http/identity/user.view';
import type { NotificationPreferences } from '../../http/identity/notification-preferences.dto';

/** The signed-in user's own account: onboarding state and settings. The actor is always the subject. */
export const IdentityAccountRpc = {
  onboardingStatus: 'rpc.identity.onboarding.get',
  completeOnboarding: 'rpc.identity.onboarding.complete',
  updateCopySettings: 'rpc.identity.copy-settings.update',
  getNotificationPreferences: 'rpc.identity.notification-preferences.get',
  updateNotificationPreferences: 'rpc.identity.notification-preferences.update',
} as const;

export interface OnboardingRpcRequest {
  userId: string;
}
export interface OnboardingStatusRpcReply {
  completed: boolean;
}
export interface UserRpcReply {
  user: UserView;
}

/** A field left out is unchanged; null clears an amount. */
export interface UpdateCopySettingsRpcRequest {
  copyTradingEnabled?: boolean;
  defaultCopyAmount?: number | null;
  maxCopyAmount?: number | null;
  closeAutoCopiesOnTraderSell?: boolean;
}

export type UpdateNotificationPreferencesRpcRequest = Partial<NotificationPreferences>;
export interface NotificationPreferencesRpcReply {
  preferences: NotificationPreferences;
}
