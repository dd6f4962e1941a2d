import type {
  AdminTraceView,
  OnboardingTraderView,
  OwnedTraceView,
  SubscriptionView,
  TierView,
  TraceDetailView,
  TraceSummaryView,
  TraceViewerView,
  TradeView,
} from '../../http/traces/trace.view';
import type {
  AdminCreateTraceDto,
  AdminListTracesDto,
  AdminTraceIdDto,
  AdminUpdateTraceOwnerDto,
  ListTradesQueryDto,
} from '../../http/traces/traces.dto';
import type { AdminRpcRequest } from '../admin/admin-panel.rpc';
import type { CacheableRpcReply } from '../read-cache/read-cache.rpc';

export const TracesRpc = {
  listSubscriptions: 'rpc.traces.subscriptions.list',
  listOwnedTraces: 'rpc.traces.owned-traces.list',
  listTraces: 'rpc.traces.traces.list',
  getTrace: 'rpc.traces.traces.get',
  listTiers: 'rpc.traces.tiers.list',
  listTrades: 'rpc.traces.trades.list',
  subscribe: 'rpc.traces.subscriptions.create',
  unsubscribe: 'rpc.traces.subscriptions.end',
  getOnboardingTrader: 'rpc.traces.onboarding-trader.get',
  autoSubscribe: 'rpc.traces.onboarding-trader.subscribe',
  /** Read-your-writes: applies an event to traces' projections now (see ProjectionSync in libs/nest). */
  applyProjections: 'rpc.traces.projections.apply',
} as const;

/**
 * Core NATS (not JetStream): the traces service publishes it, and flushes, BEFORE it answers any request that
 * changed traces data (a subscription, a trace, its trades, posts or settings), and after the commit of a change
 * made outside a request (demo data, trades from events). Every gateway drops the cached reads tagged by it
 * (tracesChangedTags): whatever any traces change alters, and everything of `traceId` (every trace when absent).
 */
export const TracesChangedSubject = 'broadcast.traces.traces.changed';
export interface TracesChanged {
  traceId?: string;
}

/** Admin trace management: called by the admin service only (which records each action in its audit log). */
export const TracesAdminRpc = {
  list: 'rpc.traces.admin.traces.list',
  create: 'rpc.traces.admin.traces.create',
  updateOwner: 'rpc.traces.admin.traces.update-owner',
  getOnboardingTrader: 'rpc.traces.admin.onboarding-trader.get',
  setOnboardingTrader: 'rpc.traces.admin.onboarding-trader.set',
  delete: 'rpc.traces.admin.traces.delete',
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
export interface ListTracesRpcReply extends CacheableRpcReply {
  traces: TraceSummaryView[];
  pagination: { limit: number; offset: number; nextOffset: number | null };
}
export interface TraceIdRpcRequest {
  traceId: string;
}
export interface ListTradesRpcRequest extends ListTradesQueryDto, TraceIdRpcRequest {}

export type AdminListTracesRpcRequest = AdminRpcRequest<AdminListTracesDto>;
export type AdminCreateTraceRpcRequest = AdminRpcRequest<AdminCreateTraceDto>;
export type AdminUpdateTraceOwnerRpcRequest = AdminRpcRequest<AdminUpdateTraceOwnerDto>;
export type AdminTraceIdRpcRequest = AdminRpcRequest<AdminTraceIdDto>;
export interface GetTraceRpcReply extends CacheableRpcReply {
  trace: TraceDetailView;
}
export interface ListTiersRpcReply {
  tiers: TierView[];
}
export interface ListTradesRpcReply extends CacheableRpcReply {
  trades: TradeView[];
  /** What the caller's access is (the trades answered follow from it). */
  viewer: TraceViewerView;
}
export interface SubscriptionRpcReply {
  subscription: SubscriptionView;
}
export interface OnboardingTraderRpcReply {
  trader: OnboardingTraderView | null;
}
export interface AdminTracesRpcReply {
  traces: AdminTraceView[];
}
/** before → after, for the admin audit log. */
export interface AdminTraceChangeRpcReply {
  trace: AdminTraceView;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
export interface AdminOnboardingTraderRpcReply {
  onboardingTrader: AdminTraceView | null;
}
export interface AdminDeleteTraceRpcReply {
  before: Record<string, unknown>;
  endedSubscriptions: number;
  deletedTrades: number;
}

/** The admin service's trace actions (the gateway calls these; admin calls traces and writes its audit log). */
export const AdminTracesRpc = {
  list: 'rpc.admin.traces.list',
  create: 'rpc.admin.traces.create',
  updateOwner: 'rpc.admin.traces.update-owner',
  getOnboardingTrader: 'rpc.admin.onboarding-trader.get',
  setOnboardingTrader: 'rpc.admin.onboarding-trader.set',
  delete: 'rpc.admin.traces.delete',
} as const;
