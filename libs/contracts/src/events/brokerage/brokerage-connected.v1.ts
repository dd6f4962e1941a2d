import { defineEvent } from '../event-envelope';
import type { BrokerageConnectionRefV1, BrokerageLinkStateV1 } from './brokerage-link-state';

/** A connection became active: new, or re-enabled after being disabled. */
export interface BrokerageConnectedV1 {
  userId: string;
  connection: BrokerageConnectionRefV1;
  link: BrokerageLinkStateV1;
  occurredAt: string;
}

export const BrokerageConnected = defineEvent<BrokerageConnectedV1>({
  type: 'BrokerageConnected',
  version: 1,
  subject: 'events.brokerage.connection.connected.v1',
  producer: 'brokerage',
});
