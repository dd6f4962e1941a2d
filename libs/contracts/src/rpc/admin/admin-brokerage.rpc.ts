import {
  AdminDeleteSnaptradeUserDto,
  AdminDeleteSpecificConnectionDto,
  AdminListConnectionsDto,
  AdminRemoveBrokerageDto,
  AdminTargetUserDto,
} from '../../http/admin/admin-brokerage.dto';
import type {
  AdminBrokerageChangeResponse,
  AdminConnectionRecord,
  AdminConnectionView,
  AdminHoldingView,
  AdminProviderUsersTotals,
  AdminProviderUserView,
  AdminSnaptradeUsersResponse,
} from '../../http/admin/admin-brokerage.view';
import type { BrokerageAccountView } from '../../http/brokerage/brokerage.view';
import { rpcCallOf } from '../rpc-call';
import type { RpcCallTypes } from '../rpc-envelope';
import type { AdminRpcRequest } from './admin-panel.rpc';

/** The admin service's brokerage tools (the gateway calls these; admin asks the brokerage service, and audits). */
export const AdminBrokerageRpc = {
  allConnections: 'rpc.admin.brokerage.all-connections',
  providerUsers: 'rpc.admin.brokerage.provider-users',
  userConnections: 'rpc.admin.brokerage.user-connections',
  userHoldings: 'rpc.admin.brokerage.user-holdings',
  deleteConnections: 'rpc.admin.brokerage.delete-connections',
  deleteConnection: 'rpc.admin.brokerage.delete-connection',
  removeBrokerage: 'rpc.admin.brokerage.remove-brokerage',
  deleteProviderUser: 'rpc.admin.brokerage.delete-provider-user',
} as const;

/**
 * A removal calls the provider, then syncs the user's link (several provider calls): the admin service waits this
 * long for the brokerage, and the gateway a little longer for the admin service.
 */
export const ADMIN_BROKERAGE_CHANGE_RPC_TIMEOUT_MS = 30_000;
export const ADMIN_BROKERAGE_GATEWAY_TIMEOUT_MS = 35_000;

/** The brokerage service's side (admins only, any user's data; called by the admin service). */
export const BrokerageAdminRpc = {
  allConnections: 'rpc.brokerage.admin.connections.list-all',
  providerUsers: 'rpc.brokerage.admin.provider-users.list',
  userConnections: 'rpc.brokerage.admin.connections.list',
  userHoldings: 'rpc.brokerage.admin.holdings.list',
  deleteConnections: 'rpc.brokerage.admin.connections.remove-all',
  deleteConnection: 'rpc.brokerage.admin.connections.remove',
  deleteProviderUser: 'rpc.brokerage.admin.provider-users.delete',
} as const;

/** Without user names (the admin service adds them from identity). */
export type AdminConnectionRow = Omit<AdminConnectionView, 'user'>;
export type AdminProviderUserRow = Omit<AdminProviderUserView, 'user'>;

export interface AdminAllConnectionsRpcReply {
  connections: AdminConnectionRow[];
  total: number;
}
export interface AdminProviderUsersRpcReply extends AdminProviderUsersTotals {
  provider: 'snaptrade' | 'paper';
  users: AdminProviderUserRow[];
}
export interface AdminUserConnectionsRpcReply {
  snaptradeUserId: string | null;
  connections: AdminConnectionRecord[];
  accounts: BrokerageAccountView[];
}
export interface AdminUserHoldingsRpcReply {
  holdings: AdminHoldingView[];
}
/** before → after for the audit log. */
export interface AdminBrokerageChangeRpcReply extends Pick<AdminBrokerageChangeResponse, 'removedConnections'> {
  userId: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export type AdminListConnectionsRpcRequest = AdminRpcRequest<AdminListConnectionsDto>;
export type AdminTargetUserRpcRequest = AdminRpcRequest<AdminTargetUserDto>;
export type AdminDeleteSpecificConnectionRpcRequest = AdminRpcRequest<AdminDeleteSpecificConnectionDto>;
export type AdminRemoveBrokerageRpcRequest = AdminRpcRequest<AdminRemoveBrokerageDto>;
export type AdminDeleteSnaptradeUserRpcRequest = AdminRpcRequest<AdminDeleteSnaptradeUserDto>;

/** Each AdminBrokerageRpc subject's request (the admin form without its userId) and the admin service's reply. */
export interface AdminBrokerageRpcCalls {
  [AdminBrokerageRpc.allConnections]: RpcCallTypes<
    AdminListConnectionsRpcRequest,
    { connections: AdminConnectionView[]; total: number }
  >;
  [AdminBrokerageRpc.providerUsers]: RpcCallTypes<Record<string, never>, Omit<AdminSnaptradeUsersResponse, 'success'>>;
  [AdminBrokerageRpc.userConnections]: RpcCallTypes<AdminTargetUserRpcRequest, AdminUserConnectionsRpcReply>;
  [AdminBrokerageRpc.userHoldings]: RpcCallTypes<AdminTargetUserRpcRequest, AdminUserHoldingsRpcReply>;
  [AdminBrokerageRpc.deleteConnections]: RpcCallTypes<AdminTargetUserRpcRequest, AdminBrokerageChangeRpcReply>;
  [AdminBrokerageRpc.deleteConnection]: RpcCallTypes<
    AdminDeleteSpecificConnectionRpcRequest,
    AdminBrokerageChangeRpcReply
  >;
  [AdminBrokerageRpc.removeBrokerage]: RpcCallTypes<AdminRemoveBrokerageRpcRequest, AdminBrokerageChangeRpcReply>;
  [AdminBrokerageRpc.deleteProviderUser]: RpcCallTypes<
    AdminDeleteSnaptradeUserRpcRequest,
    AdminBrokerageChangeRpcReply
  >;
}

export class AdminListConnectionsRpcCall extends rpcCallOf<AdminListConnectionsRpcRequest>(AdminListConnectionsDto) {}
export class AdminTargetUserRpcCall extends rpcCallOf<AdminTargetUserRpcRequest>(AdminTargetUserDto) {}
export class AdminDeleteSpecificConnectionRpcCall extends rpcCallOf<AdminDeleteSpecificConnectionRpcRequest>(
  AdminDeleteSpecificConnectionDto,
) {}
export class AdminRemoveBrokerageRpcCall extends rpcCallOf<AdminRemoveBrokerageRpcRequest>(AdminRemoveBrokerageDto) {}
export class AdminDeleteSnaptradeUserRpcCall extends rpcCallOf<AdminDeleteSnaptradeUserRpcRequest>(
  AdminDeleteSnaptradeUserDto,
) {}
