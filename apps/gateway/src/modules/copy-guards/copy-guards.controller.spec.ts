import { COPY_GUARD_SWITCH_RPC_TIMEOUT_MS, CopyGuardsRpc, RPC_TIMEOUT_MS, TraceGuardsRpc } from '@copytrade/contracts';
import type { RpcClient } from '@copytrade/nest';
import type { GatewayRequest } from '../auth/authenticated-request';
import { GatewayCopyGuardsController } from './copy-guards.controller';

const TRACE_ID = '11111111-2222-4333-8444-555555555555';
const request = { id: 'req-1', headers: {}, ip: '127.0.0.1', user: { id: 'u1', isAdmin: false } } as GatewayRequest;

/** The controller over an RPC client that records the pattern and the wait of each call. */
function controllerRecordingWaits() {
  const waits = new Map<string, number | undefined>();
  const rpc = {
    request: (pattern: string, _payload: unknown, _context: unknown, timeoutMs?: number) => {
      waits.set(pattern, timeoutMs);
      return Promise.resolve({ guards: {}, traceGuards: {}, closeAutomaticCopies: false, closingCopies: 0 });
    },
  } as unknown as RpcClient;
  return { controller: new GatewayCopyGuardsController(rpc), waits };
}

describe('GatewayCopyGuardsController', () => {
  it('waits long enough for Stop all and a pause to commit behind a batch of orders already sent', async () => {
    const { controller, waits } = controllerRecordingWaits();
    await controller.stopAll({ closeAutomaticCopies: true }, request);
    await controller.pauseTrace(TRACE_ID, request);
    // The copy engine waits up to 20 s (its default batch timeout) for a batch on its way before the switch commits.
    expect(COPY_GUARD_SWITCH_RPC_TIMEOUT_MS).toBeGreaterThan(20_000);
    expect(waits.get(CopyGuardsRpc.stopAll)).toBe(COPY_GUARD_SWITCH_RPC_TIMEOUT_MS);
    expect(waits.get(TraceGuardsRpc.pause)).toBe(COPY_GUARD_SWITCH_RPC_TIMEOUT_MS);
  });

  it('reads and other changes keep the default wait', async () => {
    const { controller, waits } = controllerRecordingWaits();
    await controller.get(request);
    await controller.resumeTrace(TRACE_ID, request);
    expect(waits.get(CopyGuardsRpc.get) ?? RPC_TIMEOUT_MS).toBe(RPC_TIMEOUT_MS);
    expect(waits.get(TraceGuardsRpc.resume) ?? RPC_TIMEOUT_MS).toBe(RPC_TIMEOUT_MS);
  });
});
