import { ArrayMaxSize, IsArray, IsIn, IsUUID } from 'class-validator';
import {
  ADMIN_TRADES_PAGE_MAX,
  AdminListTradesDto,
  AdminShareTradeDto,
  AdminTradeIdDto,
} from '../../http/admin/admin-trades.dto';
import type { AdminTradeCopyView, AdminTradeView } from '../../http/admin/admin-trades.view';
import { TIER_NAMES, type TierName } from '../../http/traces/traces.rules';
import { rpcCallOf } from '../rpc-call';
import type { AdminRpcRequest } from './admin-panel.rpc';

/** The admin service's trade actions (the gateway calls these; admin asks traces and the copy engine, and audits). */
export const AdminTradesRpc = {
  list: 'rpc.admin.trades.list',
  share: 'rpc.admin.trades.share',
  unshare: 'rpc.admin.trades.unshare',
  delete: 'rpc.admin.trades.delete',
} as const;

/** Traces' side: the trades themselves (admins only; called by the admin service). */
export const TracesAdminTradesRpc = {
  list: 'rpc.traces.admin.trades.list',
  share: 'rpc.traces.admin.trades.share',
  unshare: 'rpc.traces.admin.trades.unshare',
  delete: 'rpc.traces.admin.trades.delete',
} as const;

/** The copy engine's side: copies per trade (admins only; called by the admin service). */
export const CopyEngineAdminRpc = {
  copiesOfTrades: 'rpc.copy-engine.admin.copies.of-trades',
} as const;

/** A trade as traces knows it: the admin view without what the copy engine and identity add. */
export type AdminTradeRecord = Omit<AdminTradeView, 'copyCount' | 'copyInstances' | 'moreCopies' | 'trader'> & {
  trader: { id: string; username: null };
};
export interface TracesAdminTradesRpcReply {
  trades: AdminTradeRecord[];
  total: number;
}
/** before → after for the audit log, and the trade as it is now. */
export interface TracesAdminTradeChangeRpcReply {
  trade: AdminTradeRecord;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
export interface TracesAdminDeleteTradeRpcReply {
  before: Record<string, unknown>;
}

export type AdminCopyRecord = Omit<AdminTradeCopyView, 'copierUsername'>;
export interface CopiesOfTradesRpcReply {
  /** Per trade id asked for (absent: no copies): how many count, and the first ADMIN_TRADE_COPIES_SHOWN. */
  copies: Record<string, { count: number; first: AdminCopyRecord[] }>;
}

export interface AdminTradesRpcReply {
  trades: AdminTradeView[];
  total: number;
}
export interface AdminTradeChangeRpcReply {
  trade: AdminTradeView;
}
export interface AdminDeleteTradeRpcReply {
  copiesKept: number;
}

export class TracesAdminShareTradePayload extends AdminTradeIdDto {
  @IsIn(TIER_NAMES, { message: `requiredTier must be one of: ${TIER_NAMES.join(', ')}` })
  requiredTier: TierName;
}
export type AdminListTradesRpcRequest = AdminRpcRequest<AdminListTradesDto>;
export type AdminShareTradeRpcRequest = AdminRpcRequest<AdminShareTradeDto>;
export type AdminTradeIdRpcRequest = AdminRpcRequest<AdminTradeIdDto>;

export class CopiesOfTradesPayload {
  @IsArray({ message: 'tradeIds must be a list' })
  @ArrayMaxSize(ADMIN_TRADES_PAGE_MAX)
  @IsUUID('all', { each: true, message: 'tradeIds must be valid ids' })
  tradeIds: string[];
}

export class AdminListTradesRpcCall extends rpcCallOf<AdminListTradesRpcRequest>(AdminListTradesDto) {}
export class AdminShareTradeRpcCall extends rpcCallOf<AdminShareTradeRpcRequest>(AdminShareTradeDto) {}
export class AdminTradeIdRpcCall extends rpcCallOf<AdminTradeIdRpcRequest>(AdminTradeIdDto) {}
export class TracesAdminShareTradeRpcCall extends rpcCallOf(TracesAdminShareTradePayload) {}
export class CopiesOfTradesRpcCall extends rpcCallOf(CopiesOfTradesPayload) {}
