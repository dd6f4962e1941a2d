import type { EmailTopic, NotificationPreferences, OwnerNotificationPreferences } from '@copytrade/contracts';

/**
 * Which switch lets the e-mails of each topic go, and what an unsubscribe link turns off:
 * - `seed`: the follower's own flag in the notification settings, under the master switch (emailNotifications);
 * - `owner`: the owner dashboard's switch alone. The master switch is the follower settings' "e-mail notifications":
 *   an owner who turned it off still gets what the dashboard's switches, set for their traces, ask for;
 * - `optOut`: no switch in the settings; the master switch and the unsubscribe links' opt-outs
 *   (notification_email_opt_outs).
 */
export type EmailTopicSwitch =
  | { kind: 'seed'; flag: Exclude<keyof NotificationPreferences, 'emailNotifications'> }
  | { kind: 'owner'; flag: 'emailNewSubscribers' | 'emailTradeCopies' }
  | { kind: 'optOut' };

export const EMAIL_TOPIC_SWITCHES: Record<EmailTopic, EmailTopicSwitch> = {
  trade_shared: { kind: 'seed', flag: 'notifyOnTradeShared' },
  trade_sold: { kind: 'seed', flag: 'notifyOnTradeSold' },
  copied_trade_sold: { kind: 'seed', flag: 'notifyOnCopiedTradeSold' },
  copy_activity: { kind: 'optOut' },
  new_subscribers: { kind: 'owner', flag: 'emailNewSubscribers' },
  trade_copies: { kind: 'owner', flag: 'emailTradeCopies' },
  admin_alerts: { kind: 'optOut' },
};

/** What each topic's e-mails are about, as the unsubscribe answer and the e-mail's footer name it. */
export const EMAIL_TOPIC_SUBJECTS: Record<EmailTopic, string> = {
  trade_shared: 'shared trades',
  trade_sold: 'trades sold by the traders you follow',
  copied_trade_sold: 'sells of trades you copied',
  copy_activity: 'your copies',
  new_subscribers: 'new subscribers',
  trade_copies: 'copies of your trades',
  admin_alerts: 'operations alerts',
};

/** A recipient's switches as read at sending time. */
export interface RecipientSwitches {
  preferences: NotificationPreferences;
  owner: OwnerNotificationPreferences;
  optedOut: ReadonlySet<EmailTopic>;
}

/** Whether the recipient's switches let an e-mail of `topic` go. */
export function emailAllowed(topic: EmailTopic, switches: RecipientSwitches): boolean {
  const rule = EMAIL_TOPIC_SWITCHES[topic];
  switch (rule.kind) {
    case 'seed':
      return switches.preferences.emailNotifications && switches.preferences[rule.flag];
    case 'owner':
      return switches.owner[rule.flag];
    case 'optOut':
      return switches.preferences.emailNotifications && !switches.optedOut.has(topic);
  }
}
