import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsString, IsUUID, Min } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { BROKERAGE_PROVIDERS, type BrokerageProviderName } from './brokerage-link-state';

/** The user was registered with the brokerage provider. The secret never travels in an event. */
export class ProviderUserRegisteredV1 {
  @IsUUID()
  userId: string;

  @IsString()
  @IsNotEmpty()
  providerUserId: string;

  @IsIn(BROKERAGE_PROVIDERS)
  provider: BrokerageProviderName;

  /** The link version at registration (no connection yet). */
  @IsInt()
  @Min(0)
  stateVersion: number;

  @IsISO8601()
  occurredAt: string;
}

export const ProviderUserRegistered = defineCataloguedEvent(ProviderUserRegisteredV1, {
  type: 'ProviderUserRegistered',
  version: 1,
  subject: 'events.brokerage.provider-user.registered.v1',
  producer: 'brokerage',
});
