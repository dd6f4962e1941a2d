import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { type Observable, tap } from 'rxjs';
import { rpcOutcomeOf, rpcServerDuration } from './metrics';

/**
 * Times every RPC handler (validation included) into `copytrade_rpc_server_duration_seconds` by pattern
 * (the NATS subject) and outcome. HTTP routes (the probes) are not RPCs and pass untouched.
 */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  private readonly duration = rpcServerDuration();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const pattern = context.switchToRpc().getContext<NatsContext>().getSubject();
    const end = this.duration.startTimer({ pattern });
    return next.handle().pipe(
      tap({
        complete: () => end({ outcome: 'ok' }),
        error: (error: unknown) => end({ outcome: rpcOutcomeOf(error) }),
      }),
    );
  }
}
