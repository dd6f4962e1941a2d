import type { OwnedTraceView, SubscriptionView } from '../../http/traces/trace.view';

export const TracesRpc = {
  listSubscriptions: 'rpc.traces.subscriptions.list',
  listOwnedTraces: 'rpc.traces.owned-traces.list',
} as const;

export interface ListSubscriptionsRpcRequest {
  userId: string;
}
export interface ListSubscriptionsRpcReply {
  subscriptions: SubscriptionView[];
}
export interface ListOwnedTracesRpcReply {
  ownedTraces: OwnedTraceView[];
}
