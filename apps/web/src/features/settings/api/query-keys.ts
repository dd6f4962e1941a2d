/** Query keys of the settings feature; scoped by the signed-in user's id. */
export const settingsKeys = {
  all: ['settings'] as const,
  notificationPreferences: (userId: string) => [...settingsKeys.all, 'notification-preferences', userId] as const,
};
