import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { CommonErrorCode } from '@copytrade/contracts';
import { DomainException } from '../errors/domain.exception';
import { rpcActorRefusals } from '../observability/metrics';
import { type ActorRefusal, ActorVerifier, DEV_ACTOR_SIGNING_PUBLIC_KEY } from './actor-signature';

type Refusal = ActorRefusal | 'unsigned';

/**
 * Global guard of every service's RPC handlers: the actor a handler reads is the one the gateway signed, nothing
 * else. A call with a valid `actorToken` gets `actor` set from it; a call without one is a service's own call and
 * has no actor (handlers that need a user refuse it); an `actor` sent as plain data, an altered or an expired token is
 * refused with 401, logged and counted. Runs before the validation pipe, which then strips `actorToken`.
 */
@Injectable()
export class ActorVerificationGuard implements CanActivate {
  private readonly logger = new Logger(ActorVerificationGuard.name);
  private readonly refusals = rpcActorRefusals();

  constructor(private readonly verifier: ActorVerifier) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'rpc') return true;
    const rpc = context.switchToRpc();
    const data: unknown = rpc.getData();
    // Not an envelope: the validation pipe answers it (400).
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return true;
    const envelope = data as { actor?: unknown; actorToken?: unknown };
    const pattern = rpc.getContext<NatsContext | undefined>()?.getSubject?.() ?? 'unknown';
    if (envelope.actor !== undefined) this.refuse(pattern, 'unsigned');
    if (envelope.actorToken === undefined) return true;
    const verification = this.verifier.verify(envelope.actorToken);
    if (!verification.ok) this.refuse(pattern, verification.reason);
    envelope.actor = verification.actor;
    delete envelope.actorToken;
    return true;
  }

  private refuse(pattern: string, reason: Refusal): never {
    this.refusals.inc({ pattern, reason });
    this.logger.warn({ pattern, reason }, 'Refused an RPC whose actor is not signed by the gateway');
    throw new DomainException(401, CommonErrorCode.UNAUTHENTICATED, 'The caller could not be verified.');
  }
}

/** The guard with the development public key: a test's stand-in for a service reads the actor as that service would. */
export const devActorVerificationGuard = () =>
  new ActorVerificationGuard(new ActorVerifier(DEV_ACTOR_SIGNING_PUBLIC_KEY));
