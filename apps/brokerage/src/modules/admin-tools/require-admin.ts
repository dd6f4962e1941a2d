import { Messages, type RpcActor } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/** The admin tools act on any user's brokerage data: admins only (the admin service checked it too). */
export function requireAdmin(actor: RpcActor | undefined): RpcActor {
  if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
  if (!actor.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
  return actor;
}
