import { defineCataloguedEvent } from '../catalogued-event';
import { ProviderUserEventV1 } from './provider-user-event.v1';

/**
 * The user's registration with the brokerage provider was deleted (an admin's delete-snaptrade-user), its
 * connections with it: the user has no provider user id and no brokerage connected any more. `stateVersion` is the
 * link's version after the deletion (a later registration continues above it), so a consumer applies it only over
 * an older state, like the connection events. Aggregate `provider-user-deletion:<userId>` (a consumer of deletions alone
 * sees every version of it).
 */
export class ProviderUserDeletedV1 extends ProviderUserEventV1 {}

export const ProviderUserDeleted = defineCataloguedEvent(ProviderUserDeletedV1, {
  type: 'ProviderUserDeleted',
  version: 1,
  subject: 'events.brokerage.provider-user.deleted.v1',
  producer: 'brokerage',
});
