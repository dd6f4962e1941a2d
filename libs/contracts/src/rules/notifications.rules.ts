/** The bell's panel shows this many; /notifications pages by it too. */
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** The bell shows "99+" past this. */
export const NOTIFICATIONS_BADGE_MAX = 99;
