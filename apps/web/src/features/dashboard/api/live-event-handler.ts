import type { LiveEventHandler } from '@/lib/live-events/live-event';
import { dashboardKeys } from './query-keys';

/** An order filled or a copy opened or closed changes the portfolio and its history. */
export const dashboardLiveEventHandler: LiveEventHandler = (message, { invalidate }) =>
  message.type === 'order.filled' || message.type === 'copy.opened' || message.type === 'copy.closed'
    ? [invalidate(dashboardKeys.all)]
    : [];
