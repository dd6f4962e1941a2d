/** Query keys of the signed-in user's notifications (the bell, its panel and /notifications). */
export const notificationKeys = {
  all: ['notifications'] as const,
  ofUser: (userId: string) => [...notificationKeys.all, userId] as const,
  unreadCount: (userId: string) => [...notificationKeys.ofUser(userId), 'unread-count'] as const,
  /** The bell's panel: the newest page only. */
  latest: (userId: string) => [...notificationKeys.ofUser(userId), 'latest'] as const,
  /** /notifications: every page loaded so far. */
  pages: (userId: string) => [...notificationKeys.ofUser(userId), 'pages'] as const,
};
