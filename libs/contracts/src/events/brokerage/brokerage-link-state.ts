/**
 * The user's brokerage link after a change, carried by every connection event so a consumer can simply
 * store it: events of one user may be handled out of order, and `stateVersion` tells which is newer.
 */
export interface BrokerageLinkStateV1 {
  userId: string;
  /** The user's id at the provider (SnapTrade userId, or the paper broker's). */
  providerUserId: string;
  provider: 'snaptrade' | 'paper';
  /** True while at least one connection is active (not disabled). */
  brokerageConnected: boolean;
  /** Accounts of the user's active connections, primary (first) first. */
  accountIds: string[];
  /** Increases with every change of this user's link; apply an event only if it is newer than what you hold. */
  stateVersion: number;
}

export interface BrokerageConnectionRefV1 {
  connectionId: string;
  brokerage: { slug: string; name: string };
  /** Accounts of this connection. */
  accountIds: string[];
}
