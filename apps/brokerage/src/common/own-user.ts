import { BrokerageMessages, Messages, type RpcActor } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/** Brokerage data is only ever its owner's: a userId that is not the acting user's is refused, admins included. */
export function assertOwnUser(actor: RpcActor | undefined, userId: string): void {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  if (actor.userId !== userId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
}
