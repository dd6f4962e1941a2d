import { Messages, type RpcActor } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/** The signed-in actor the gateway resolved from the session; 401 when there is none. */
export function requireActor(actor: RpcActor | undefined): RpcActor {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  return actor;
}

/** Admins only: re-checked here even though the gateway already did (ASVS 8.3.1). */
export function requireAdmin(actor: RpcActor | undefined): RpcActor {
  const signedIn = requireActor(actor);
  if (!signedIn.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
  return signedIn;
}

/** A userId a client sent must be the session's own user (403 otherwise, admins included). */
export function requireSelf(actor: RpcActor | undefined, userId: string): RpcActor {
  const signedIn = requireActor(actor);
  if (signedIn.userId !== userId) throw DomainException.forbidden(Messages.notYourAccount);
  return signedIn;
}
