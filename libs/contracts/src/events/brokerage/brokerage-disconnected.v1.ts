import { defineEvent } from '../event-envelope';
import type { BrokerageConnectionRefV1, BrokerageLinkStateV1 } from './brokerage-link-state';

/** A connection stopped being usable: removed (here or at the provider) or disabled by the provider. */
export interface BrokerageDisconnectedV1 {
  userId: string;
  connection: BrokerageConnectionRefV1;
  reason: 'REMOVED' | 'DISABLED';
  link: BrokerageLinkStateV1;
  occurredAt: string;
}

export const BrokerageDisconnected = defineEvent<BrokerageDisconnectedV1>({
  type: 'BrokerageDisconnected',
  version: 1,
  subject: 'events.brokerage.connection.disconnected.v1',
  producer: 'brokerage',
});
