import type { QueryClient } from '@tanstack/react-query';
import { dashboardLiveEventHandler } from '@/features/dashboard/api/live-event-handler';
import { copyGuardsLiveEventHandler } from '@/features/copy-guards/api/live-event-handler';
import { paperBrokerLiveEventHandler } from '@/features/paper-broker/api/live-event-handler';
import { traceDashboardLiveEventHandler } from '@/features/trace-dashboard/api/live-event-handler';
import { brokerageLiveEventHandler } from '@/lib/brokerage/live-event-handler';
import { copyTradingLiveEventHandler } from '@/lib/copy-trading/live-event-handler';
import { applyLiveEvent, type LiveEventHandler, type LiveEventMessage } from '@/lib/live-events/live-event';
import { useLiveEvents } from '@/lib/live-events/use-live-events';
import { notificationsLiveEventHandler } from '@/lib/notifications/live-event-handler';
import { tracesLiveEventHandler } from '@/lib/traces/live-event-handler';

/** Every feature whose caches follow the live push, each saying which of its queries an event touches. */
export const LIVE_EVENT_HANDLERS: readonly LiveEventHandler[] = [
  tracesLiveEventHandler,
  traceDashboardLiveEventHandler,
  copyTradingLiveEventHandler,
  brokerageLiveEventHandler,
  paperBrokerLiveEventHandler,
  dashboardLiveEventHandler,
  copyGuardsLiveEventHandler,
  notificationsLiveEventHandler,
];

/** One event applied to the app's caches as the live push would (tests feed events through it). */
export const applyAppLiveEvent = (queryClient: QueryClient, message: LiveEventMessage, userId: string) =>
  applyLiveEvent(queryClient, message, userId, LIVE_EVENT_HANDLERS);

/** The live push as a component, so the shell can load it after the page (it is not needed to draw anything). */
export default function LiveEvents({ userId }: { userId: string | undefined }): null {
  useLiveEvents(userId, LIVE_EVENT_HANDLERS);
  return null;
}
