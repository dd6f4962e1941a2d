import { CopyGuardMessages, Messages, type RpcActor } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/**
 * Copy guards are the follower's own: only the follower named in the payload may read or change them (an admin
 * too is refused — they decide what copies are placed in someone's brokerage account). Answers the follower's id.
 */
export function ownGuardsOf(actor: RpcActor | undefined, userId: string): string {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  if (actor.userId !== userId) throw DomainException.forbidden(CopyGuardMessages.ownGuardsOnly);
  return userId;
}
