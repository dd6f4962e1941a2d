import type { ClientProxy } from '@nestjs/microservices';
import {
  CommonErrorCode,
  isRpcErrorPayload,
  Messages,
  RPC_TIMEOUT_MS,
  type RpcActor,
  type RpcRequest,
} from '@copytrade/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { DomainException } from '../errors/domain.exception';
import { rpcClientDuration, timeRpc } from '../observability/metrics';
import type { ActorSigner } from './actor-signature';

export interface RpcCallContext {
  requestId: string;
  /** The acting user: signed here by the gateway's client; elsewhere one a service verified (its token forwarded). */
  actor?: RpcActor;
  clientAddress?: string;
}

/**
 * Request/reply over core NATS with a timeout. A refusal from the service comes back as the same
 * DomainException it threw; a missing or slow service becomes 503 so callers never hang. The actor travels only as
 * the gateway's signed token: the gateway's client (given the signer) signs it, a service forwards the token it
 * verified, and a service's own work names no actor at all.
 */
export class RpcClient {
  /** Latency of every request sent, by pattern and outcome (the gateway's `/metrics`). */
  private readonly duration = rpcClientDuration();

  constructor(
    private readonly proxy: ClientProxy,
    private readonly defaultTimeoutMs = RPC_TIMEOUT_MS,
    private readonly signer?: ActorSigner,
  ) {}

  async request<TPayload, TReply>(
    pattern: string,
    payload: TPayload,
    context: RpcCallContext,
    timeoutMs = this.defaultTimeoutMs,
  ): Promise<TReply> {
    const envelope: RpcRequest<TPayload> = {
      requestId: context.requestId,
      actorToken: this.actorTokenOf(context),
      clientAddress: context.clientAddress,
      payload,
    };
    return timeRpc(this.duration, pattern, async () => {
      try {
        return await firstValueFrom(
          this.proxy.send<TReply, RpcRequest<TPayload>>(pattern, envelope).pipe(timeout(timeoutMs)),
        );
      } catch (error) {
        throw toDomainException(error, pattern);
      }
    });
  }

  private actorTokenOf({ actor, requestId }: RpcCallContext): string | undefined {
    if (!actor) return undefined;
    if (actor.token) return actor.token;
    if (this.signer) return this.signer.sign(actor, requestId);
    throw new Error('Only the gateway signs an actor: a service forwards the token it verified or acts as itself');
  }
}

/**
 * The service behind `pattern` did not answer: nobody subscribed (it is down) or no reply came in time. An outage,
 * answered 503; `pattern` lets the gateway's log name the subject once instead of every request (never sent).
 */
export class RpcUnavailableException extends DomainException {
  constructor(readonly pattern?: string) {
    super(503, CommonErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable);
  }
}

/**
 * No reply in time: the request may have reached the service and taken effect (unlike a refused connection).
 * Still a 503 for reads; callers whose request changes something (an order) answer with its unknown outcome.
 */
export class RpcTimeoutException extends RpcUnavailableException {}

function toDomainException(error: unknown, pattern: string): DomainException {
  if (error instanceof DomainException) return error;
  if (isRpcErrorPayload(error)) return new DomainException(error.status, error.code, error.message, error.details);
  if (error instanceof TimeoutError) return new RpcTimeoutException(pattern);
  return new RpcUnavailableException(pattern);
}
