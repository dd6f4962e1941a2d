import { BrokerageMessages, Messages, type RpcActor } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/** Brokerage data is only ever its owner's: a userId that is not the acting user's is refused, admins included. */
export function assertOwnUser(actor: RpcActor | undefined, userId: string): void {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  if (actor.userId !== userId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
}

/**
 * The same rule for the few calls a service's own work also makes (a copy's placement or sweeper, an owner's
 * brokerage sync after an event): such a call names no actor and acts as that service, which only the NATS
 * permissions of the services granted this subject allow (docs/security.md); a user actor must still be the user.
 */
export function assertOwnUserOrService(actor: RpcActor | undefined, userId: string): void {
  if (actor && actor.userId !== userId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
}
