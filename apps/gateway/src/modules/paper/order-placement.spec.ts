import type { PlacedOrderView, PlaceOrderRpcRequest } from '@copytrade/contracts';
import { DomainException, requestIdOf, RpcClient, RpcTimeoutException, type RpcCallContext } from '@copytrade/nest';
import type { Response } from 'express';
import type { GatewayRequest } from '../auth/authenticated-request';
import { OrderPlacement } from './order-placement.service';
import { orderRequestId } from '../order-request-id/order-request-id';

const IDEMPOTENCY_KEY = 'order-key-0001';

/** An HTTP request carrying an order's idempotency key, after pino gave it its trace id. */
function orderRequest(): GatewayRequest {
  const request = {
    headers: { 'x-request-id': IDEMPOTENCY_KEY },
    ip: '127.0.0.1',
    user: { id: 'u-1', isAdmin: false },
  } as unknown as GatewayRequest;
  requestIdOf(request);
  return request;
}
const payloadOf = (request: GatewayRequest): PlaceOrderRpcRequest => ({
  userId: 'u-1',
  requestId: orderRequestId(request),
  order: { action: 'BUY', symbol: 'AAPL', quantity: 2 },
});
const placed = (state: PlacedOrderView['state']): PlacedOrderView => ({
  requestId: IDEMPOTENCY_KEY,
  accountId: 'acc-1',
  state,
  clientOrderId: 'c-1',
  brokerageOrderId: state === 'FILLED' ? 'b-1' : null,
  action: 'BUY',
  symbol: 'AAPL',
  quantity: 2,
  isOptions: false,
  optionsTicker: null,
  filledQuantity: null,
  executionPrice: null,
  providerStatus: null,
  final: state === 'FILLED' || state === 'REJECTED',
  placedAt: new Date().toISOString(),
});

/** An RpcClient answering each pattern with a scripted outcome, recording what it was sent. */
function scriptedRpc(script: Record<string, () => unknown>) {
  const calls: { pattern: string; payload: unknown; context: RpcCallContext }[] = [];
  const rpc = {
    request: async (pattern: string, payload: unknown, context: RpcCallContext) => {
      calls.push({ pattern, payload, context });
      return script[pattern]!();
    },
  } as unknown as RpcClient;
  return { rpc, calls };
}
const fakeResponse = () => {
  const response = { statusCode: 0, status: (code: number) => ((response.statusCode = code), response) };
  return response as typeof response & Response;
};

describe('order idempotency key and trace id', () => {
  it('are two different fields: the key travels in the payload, a trace id of our own in the envelope', async () => {
    const request = orderRequest();
    const { rpc, calls } = scriptedRpc({
      'rpc.brokerage.orders.place': () => ({ order: placed('FILLED'), replayed: false }),
    });
    await new OrderPlacement(rpc).place('rpc.brokerage.orders.place', payloadOf(request), request, fakeResponse());
    const [call] = calls;
    expect((call!.payload as PlaceOrderRpcRequest).requestId).toBe(IDEMPOTENCY_KEY);
    expect(call!.context.requestId).toBe(request.id);
    expect(call!.context.requestId).not.toBe(IDEMPOTENCY_KEY);
    // A retry of the same order is a new call: same key, another trace.
    expect(requestIdOf(orderRequest())).not.toBe(request.id);
  });
});

describe('OrderPlacement', () => {
  it('answers 201 placed, 200 replayed, and 202 unknown with a message while the outcome is unknown', async () => {
    for (const [state, replayed, status, outcome] of [
      ['FILLED', false, 201, 'placed'],
      ['FILLED', true, 200, 'placed'],
      ['UNKNOWN', true, 202, 'unknown'],
      ['SUBMITTING', false, 202, 'unknown'],
    ] as const) {
      const request = orderRequest();
      const { rpc } = scriptedRpc({ 'rpc.brokerage.orders.place': () => ({ order: placed(state), replayed }) });
      const response = fakeResponse();
      const body = await new OrderPlacement(rpc).place(
        'rpc.brokerage.orders.place',
        payloadOf(request),
        request,
        response,
      );
      expect([response.statusCode, body.status, body.requestId]).toEqual([status, outcome, IDEMPOTENCY_KEY]);
      expect(body.message !== undefined).toBe(outcome === 'unknown');
    }
  });

  it('a reply that never came is 202 with the stored state, never a 503 (the order may have been placed)', async () => {
    const request = orderRequest();
    const { rpc } = scriptedRpc({
      'rpc.brokerage.orders.place': () => Promise.reject(new RpcTimeoutException()),
      'rpc.brokerage.orders.get': () => ({ order: placed('SUBMITTING') }),
    });
    const response = fakeResponse();
    const body = await new OrderPlacement(rpc).place(
      'rpc.brokerage.orders.place',
      payloadOf(request),
      request,
      response,
    );
    expect([response.statusCode, body.status, body.order.state]).toEqual([202, 'unknown', 'SUBMITTING']);
  });

  it('when the brokerage cannot even be asked, still 202 unknown with what the request named', async () => {
    const request = orderRequest();
    const { rpc } = scriptedRpc({
      'rpc.brokerage.orders.place': () => Promise.reject(new RpcTimeoutException()),
      'rpc.brokerage.orders.get': () => Promise.reject(new RpcTimeoutException()),
    });
    const response = fakeResponse();
    const body = await new OrderPlacement(rpc).place(
      'rpc.brokerage.orders.place',
      payloadOf(request),
      request,
      response,
    );
    expect(response.statusCode).toBe(202);
    expect(body).toMatchObject({
      status: 'unknown',
      requestId: IDEMPOTENCY_KEY,
      order: { state: 'UNKNOWN', symbol: 'AAPL', quantity: 2, brokerageOrderId: null },
    });
  });

  it('refusals pass through unchanged (a request that certainly did not place an order)', async () => {
    const request = orderRequest();
    const refusal = new DomainException(409, 'ORDER_IN_FLIGHT', 'in flight');
    const { rpc } = scriptedRpc({ 'rpc.brokerage.orders.place': () => Promise.reject(refusal) });
    await expect(
      new OrderPlacement(rpc).place('rpc.brokerage.orders.place', payloadOf(request), request, fakeResponse()),
    ).rejects.toBe(refusal);
  });
});
