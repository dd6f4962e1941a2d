import { collectDefaultMetrics, Counter, Histogram, register } from 'prom-client';
import { DomainException } from '../errors/domain.exception';

/** How an RPC ended: answered, refused with a 4xx (the caller's fault), failed (5xx) or no answer in time (503). */
export type RpcOutcome = 'ok' | 'rejected' | 'error' | 'unavailable';

type RpcLabels = 'pattern' | 'outcome';

/** Seconds; RPCs are short, order placement may wait up to 30 s for the provider. */
const RPC_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let initialised = false;

/**
 * Process metrics (CPU, memory, event loop, GC) and a `service` label on every metric of prom-client's
 * default registry, which `/metrics` serves. Idempotent: a process runs one service.
 */
export function initMetrics(service: string): void {
  register.setDefaultLabels({ service });
  if (initialised) return;
  initialised = true;
  collectDefaultMetrics();
}

/** The default registry's histogram of that name, created on first use (handlers and clients share a process). */
function histogram(name: string, help: string): Histogram<RpcLabels> {
  const existing = register.getSingleMetric(name);
  if (existing) return existing as Histogram<RpcLabels>;
  return new Histogram({ name, help, labelNames: ['pattern', 'outcome'], buckets: RPC_BUCKETS });
}

/** Requests a service handled: time from receipt to reply, by pattern and outcome. */
export const rpcServerDuration = () =>
  histogram('copytrade_rpc_server_duration_seconds', 'Time a service took to answer an RPC request');

/** Requests the gateway (or any RpcClient) sent: time until the reply, the refusal or the timeout. */
export const rpcClientDuration = () =>
  histogram('copytrade_rpc_client_duration_seconds', 'Time until an RPC request was answered, refused or timed out');

/** RPCs refused because their actor was unsigned, altered or expired, by pattern and reason. */
export function rpcActorRefusals(): Counter<'pattern' | 'reason'> {
  const name = 'copytrade_rpc_actor_refused_total';
  const existing = register.getSingleMetric(name);
  if (existing) return existing as Counter<'pattern' | 'reason'>;
  return new Counter({
    name,
    help: 'RPC requests refused for an actor whose signature did not verify',
    labelNames: ['pattern', 'reason'],
  });
}

export function rpcOutcomeOf(error: unknown): RpcOutcome {
  const status = error instanceof DomainException ? error.status : statusOf(error);
  if (status === 503) return 'unavailable';
  return status !== undefined && status < 500 ? 'rejected' : 'error';
}

/** The status of an RpcErrorPayload (what a service's error filter answers). */
function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}

/** Times `work` into `metric` under `pattern`, whatever its outcome. */
export async function timeRpc<T>(metric: Histogram<RpcLabels>, pattern: string, work: () => Promise<T>): Promise<T> {
  const end = metric.startTimer({ pattern });
  try {
    const result = await work();
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: rpcOutcomeOf(error) });
    throw error;
  }
}
