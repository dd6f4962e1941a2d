import { Type } from 'class-transformer';
import { IsIn, IsISO8601, IsObject, IsUUID, ValidateNested } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { BrokerageConnectionRefV1, BrokerageLinkStateV1 } from './brokerage-link-state';

export const BROKERAGE_DISCONNECT_REASONS = ['REMOVED', 'DISABLED'] as const;

/** A connection stopped being usable: removed (here or at the provider) or disabled by the provider. */
export class BrokerageDisconnectedV1 {
  @IsUUID()
  userId: string;

  @IsObject()
  @ValidateNested()
  @Type(() => BrokerageConnectionRefV1)
  connection: BrokerageConnectionRefV1;

  @IsIn(BROKERAGE_DISCONNECT_REASONS)
  reason: (typeof BROKERAGE_DISCONNECT_REASONS)[number];

  @IsObject()
  @ValidateNested()
  @Type(() => BrokerageLinkStateV1)
  link: BrokerageLinkStateV1;

  @IsISO8601()
  occurredAt: string;
}

export const BrokerageDisconnected = defineCataloguedEvent(BrokerageDisconnectedV1, {
  type: 'BrokerageDisconnected',
  version: 1,
  subject: 'events.brokerage.connection.disconnected.v1',
  producer: 'brokerage',
});
