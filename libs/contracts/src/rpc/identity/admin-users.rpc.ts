import type { AdminUserView } from '../../http/admin/admin-users.dto';
import { ToggleAdminDto } from '../../http/admin/admin-users.dto';
import { AdminUsersDto } from '../../http/admin/admin-users.dto';
import type { AdminPagination } from '../../http/admin/admin-pagination';
import { rpcCallOf } from '../rpc-call';

/** Identity's side of the admin Users tab (admin calls these for the gateway and audit-logs the changes). */
export const IdentityAdminUsersRpc = {
  list: 'rpc.identity.admin-users.list',
  setAdmin: 'rpc.identity.admin-users.set-admin',
} as const;

export interface IdentityAdminUsersRpcReply {
  users: AdminUserView[];
  pagination: AdminPagination;
}

/** `changed` is false when the user already had the asked role (nothing written, no event). */
export interface IdentitySetAdminRpcReply {
  user: AdminUserView;
  before: { isAdmin: boolean };
  after: { isAdmin: boolean };
  changed: boolean;
}

export class IdentityAdminUsersRpcCall extends rpcCallOf(AdminUsersDto) {}
export class IdentitySetAdminRpcCall extends rpcCallOf(ToggleAdminDto) {}
