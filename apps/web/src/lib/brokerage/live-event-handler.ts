import type { LiveEventHandler } from '@/lib/live-events/live-event';
import { brokerageKeys } from './query-keys';

/** An order filled or a copy opened or closed changes the user's trading accounts (cash, holdings). */
export const brokerageLiveEventHandler: LiveEventHandler = (message, { userId, invalidate }) =>
  message.type === 'order.filled' || message.type === 'copy.opened' || message.type === 'copy.closed'
    ? [invalidate(brokerageKeys.accounts(userId))]
    : [];
