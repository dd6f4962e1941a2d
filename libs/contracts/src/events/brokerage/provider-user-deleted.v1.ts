import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsString, IsUUID, Min } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { BROKERAGE_PROVIDERS, type BrokerageProviderName } from './brokerage-link-state';

/**
 * The user's registration with the brokerage provider was deleted (an admin's delete-snaptrade-user), its
 * connections with it: the user has no provider user id and no brokerage connected any more. `stateVersion` is the
 * link's version after the deletion (a later registration continues above it), so a consumer applies it only over
 * an older state, like the connection events. Aggregate `provider-user-deletion:<userId>` (a consumer of deletions alone
 * sees every version of it).
 */
export class ProviderUserDeletedV1 {
  @IsUUID()
  userId: string;

  @IsString()
  @IsNotEmpty()
  providerUserId: string;

  @IsIn(BROKERAGE_PROVIDERS)
  provider: BrokerageProviderName;

  @IsInt()
  @Min(0)
  stateVersion: number;

  @IsISO8601()
  occurredAt: string;
}

export const ProviderUserDeleted = defineCataloguedEvent(ProviderUserDeletedV1, {
  type: 'ProviderUserDeleted',
  version: 1,
  subject: 'events.brokerage.provider-user.deleted.v1',
  producer: 'brokerage',
});
