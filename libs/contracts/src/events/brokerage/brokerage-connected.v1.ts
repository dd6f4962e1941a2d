import { Type } from 'class-transformer';
import { IsISO8601, IsObject, IsUUID, ValidateNested } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { BrokerageConnectionRefV1, BrokerageLinkStateV1 } from './brokerage-link-state';

/** A connection became active: new, or re-enabled after being disabled. */
export class BrokerageConnectedV1 {
  @IsUUID()
  userId: string;

  @IsObject()
  @ValidateNested()
  @Type(() => BrokerageConnectionRefV1)
  connection: BrokerageConnectionRefV1;

  @IsObject()
  @ValidateNested()
  @Type(() => BrokerageLinkStateV1)
  link: BrokerageLinkStateV1;

  @IsISO8601()
  occurredAt: string;
}

export const BrokerageConnected = defineCataloguedEvent(BrokerageConnectedV1, {
  type: 'BrokerageConnected',
  version: 1,
  subject: 'events.brokerage.connection.connected.v1',
  producer: 'brokerage',
});
