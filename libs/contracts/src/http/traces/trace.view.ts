/** Sidebar entries (seed 000 §3). */
export interface OwnedTraceView {
  id: string;
  name: string;
  handle: string;
  avatar: string | null;
  subscriberCount: number;
}
export interface SubscriptionView {
  id: string;
  traceId: string;
  status: string;
  tier: { name: string };
  trace: { name: string; handle: string; avatar: string | null };
}
export interface SubscriptionsResponse {
  success: true;
  subscriptions: SubscriptionView[];
}
export interface OwnedTracesResponse {
  success: true;
  ownedTraces: OwnedTraceView[];
}
