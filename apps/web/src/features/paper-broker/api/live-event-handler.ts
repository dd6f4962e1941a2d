import type { LiveEventHandler } from '@/lib/live-events/live-event';
import { paperBrokerKeys } from './query-keys';

/** An order filled or a copy opened or closed changes the paper accounts and positions. */
export const paperBrokerLiveEventHandler: LiveEventHandler = (message, { invalidate }) =>
  message.type === 'order.filled' || message.type === 'copy.opened' || message.type === 'copy.closed'
    ? [invalidate(paperBrokerKeys.all)]
    : [];
