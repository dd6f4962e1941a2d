import { defineCataloguedEvent } from '../catalogued-event';
import { ProviderUserEventV1 } from './provider-user-event.v1';

/**
 * The user was registered with the brokerage provider (`stateVersion`: the link version at registration, no
 * connection yet). The secret never travels in an event.
 */
export class ProviderUserRegisteredV1 extends ProviderUserEventV1 {}

export const ProviderUserRegistered = defineCataloguedEvent(ProviderUserRegisteredV1, {
  type: 'ProviderUserRegistered',
  version: 1,
  subject: 'events.brokerage.provider-user.registered.v1',
  producer: 'brokerage',
});
