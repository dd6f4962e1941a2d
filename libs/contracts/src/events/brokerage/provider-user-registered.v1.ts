import { defineEvent } from '../event-envelope';

/** The user was registered with the brokerage provider. The secret never travels in an event. */
export interface ProviderUserRegisteredV1 {
  userId: string;
  providerUserId: string;
  provider: 'snaptrade' | 'paper';
  /** The link version at registration (no connection yet). */
  stateVersion: number;
  occurredAt: string;
}

export const ProviderUserRegistered = defineEvent<ProviderUserRegisteredV1>({
  type: 'ProviderUserRegistered',
  version: 1,
  subject: 'events.brokerage.provider-user.registered.v1',
  producer: 'brokerage',
});
