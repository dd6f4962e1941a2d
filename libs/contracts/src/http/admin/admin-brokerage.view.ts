import type { BrokerageAccountView, BrokerageConnectionView, PositionView } from '../brokerage/brokerage.view';
import type { AdminPagination } from './admin-pagination';

/** Who a brokerage record belongs to (null when identity did not answer in time or the user is gone). */
export interface AdminUserRef {
  username: string | null;
  email: string | null;
}

/** One connection of the All Connections list: the brokerage's last synced record of it. */
export interface AdminConnectionView {
  id: string;
  userId: string;
  user: AdminUserRef;
  provider: 'snaptrade' | 'paper';
  providerUserId: string;
  brokerage: { slug: string; name: string };
  disabled: boolean;
  status: 'CONNECTED' | 'DISABLED';
  accountCount: number;
  syncedAt: string;
}

/** One user of the SnapTrade Users tab: at the provider, in our database, or both. */
export interface AdminProviderUserView {
  snaptradeUserId: string;
  userId: string | null;
  user: AdminUserRef | null;
  /** A brokerage.provider_users row exists for it. */
  hasDbRecord: boolean;
  /** The provider lists it (false: an orphaned database record). */
  existsAtProvider: boolean;
  createdAt: string | null;
}

export interface AdminProviderUsersTotals {
  /** Users the provider lists. */
  totalSnapTradeUsers: number;
  /** Of those, the ones with a database record. */
  usersWithDbRecord: number;
  /** Database records whose provider user the provider no longer lists. */
  orphanedDbUsers: number;
}

export type AdminConnectionRecord = Omit<BrokerageConnectionView, 'user'>;
/** A user's holding, per account (docs/product.md#entities-and-fields). */
export type AdminHoldingView = PositionView & { accountId: string };

export interface AdminAllConnectionsResponse {
  success: true;
  connections: AdminConnectionView[];
  pagination: AdminPagination;
}
export interface AdminSnaptradeUsersResponse extends AdminProviderUsersTotals {
  success: true;
  provider: 'snaptrade' | 'paper';
  users: AdminProviderUserView[];
}
export interface AdminUserConnectionsResponse {
  success: true;
  userId: string;
  hasSnaptradeConnection: boolean;
  snaptradeUserId: string | null;
  connections: AdminConnectionRecord[];
  accounts: BrokerageAccountView[];
}
export interface AdminUserHoldingsResponse {
  success: true;
  userId: string;
  holdings: AdminHoldingView[];
}
export interface AdminBrokerageChangeResponse {
  success: true;
  message: string;
  /** Connections removed by this action. */
  removedConnections: string[];
}

export const AdminBrokerageMessages = {
  connectionsDeleted: (count: number) =>
    count === 0
      ? 'The user had no brokerage connection to delete'
      : `Deleted ${count} brokerage ${count === 1 ? 'connection' : 'connections'} of the user`,
  connectionDeleted: 'Connection deleted successfully',
  brokerageRemoved: 'Brokerage authorization removed successfully',
  snaptradeUserDeleted: 'SnapTrade user deleted successfully',
  notRegistered: 'This user has no brokerage registration.',
  providerUserNotFound: 'SnapTrade user not found.',
  providerUserOfAnother: 'This SnapTrade user belongs to another user.',
  userNotFound: 'User not found',
} as const;
