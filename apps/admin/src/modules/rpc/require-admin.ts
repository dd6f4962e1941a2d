import { Messages, type RpcActor } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/** Admins only: re-checked in the admin service even though the gateway already did. */
export function requireAdmin(actor: RpcActor | undefined): RpcActor {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
  return actor;
}
