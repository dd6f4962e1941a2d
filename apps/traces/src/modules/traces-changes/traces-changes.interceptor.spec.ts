import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { TracesAdminRpc, TracesRpc } from '@copytrade/contracts';
import { firstValueFrom, of, throwError } from 'rxjs';
import type { TracesChanges } from './traces-changes';
import { isReadOnlyRpc, TracesChangesInterceptor } from './traces-changes.interceptor';

const TRACE = '11111111-1111-4111-8111-111111111111';

function rpcContext(subject: string, data: unknown): ExecutionContext {
  return {
    getType: () => 'rpc',
    switchToRpc: () => ({ getContext: () => ({ getSubject: () => subject }), getData: () => data }),
  } as unknown as ExecutionContext;
}

function interceptorRecording() {
  const events: string[] = [];
  let release!: () => void;
  const changes = {
    publish: jest.fn(async (traceId?: string) => {
      events.push(`publish ${traceId ?? 'every trace'}`);
      await new Promise<void>((resolve) => (release = resolve));
      events.push('flushed');
    }),
  };
  return {
    interceptor: new TracesChangesInterceptor(changes as unknown as TracesChanges),
    changes,
    events,
    release: () => release(),
  };
}

describe('TracesChangesInterceptor', () => {
  it('knows the reads by their verb: the discovery, sidebar and admin reads are reads, every other call a write', () => {
    const reads = [TracesRpc.listTraces, TracesRpc.getTrace, TracesRpc.listTrades, TracesRpc.listTiers];
    reads.push(TracesRpc.listSubscriptions, TracesRpc.listOwnedTraces, TracesRpc.getOnboardingTrader);
    reads.push(TracesAdminRpc.list, TracesAdminRpc.getOnboardingTrader);
    expect(reads.filter((pattern) => !isReadOnlyRpc(pattern))).toEqual([]);
    const writes = [TracesRpc.subscribe, TracesRpc.unsubscribe, TracesRpc.autoSubscribe, TracesAdminRpc.create];
    writes.push(TracesAdminRpc.updateOwner, TracesAdminRpc.setOnboardingTrader, TracesAdminRpc.delete);
    expect(writes.filter(isReadOnlyRpc)).toEqual([]);
  });

  it('answers a write only once the change of its trace was published and flushed', async () => {
    const { interceptor, events, release } = interceptorRecording();
    const next: CallHandler = { handle: () => of({ ended: true }) };
    const context = rpcContext(TracesRpc.unsubscribe, { payload: { userId: 'u', traceId: TRACE } });
    const replied = firstValueFrom(interceptor.intercept(context, next)).then((reply) => {
      events.push('replied');
      return reply;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([`publish ${TRACE}`]);
    release();
    expect(await replied).toEqual({ ended: true });
    expect(events).toEqual([`publish ${TRACE}`, 'flushed', 'replied']);
  });

  it('announces every trace for a write that names none, and a failed write too (then fails)', async () => {
    const { interceptor, changes, release } = interceptorRecording();
    const failing: CallHandler = { handle: () => throwError(() => new Error('already subscribed')) };
    const failed = firstValueFrom(interceptor.intercept(rpcContext(TracesRpc.autoSubscribe, { payload: {} }), failing));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(failed).rejects.toThrow('already subscribed');
    expect(changes.publish).toHaveBeenCalledWith(undefined);
  });

  it('lets the synchronous projection through without announcing every trace: its handler names its own', async () => {
    const { interceptor, changes } = interceptorRecording();
    const next: CallHandler = { handle: () => of({ applied: [] }) };
    const context = rpcContext(TracesRpc.applyProjections, { payload: { subject: 's', envelope: {} } });
    expect(await firstValueFrom(interceptor.intercept(context, next))).toEqual({ applied: [] });
    expect(changes.publish).not.toHaveBeenCalled();
  });

  it('lets reads and non-RPC requests through without publishing', async () => {
    const { interceptor, changes } = interceptorRecording();
    const next: CallHandler = { handle: () => of({ trades: [] }) };
    await firstValueFrom(
      interceptor.intercept(rpcContext(TracesRpc.listTrades, { payload: { traceId: TRACE } }), next),
    );
    const http = { getType: () => 'http' } as unknown as ExecutionContext;
    await firstValueFrom(interceptor.intercept(http, next));
    expect(changes.publish).not.toHaveBeenCalled();
  });
});
