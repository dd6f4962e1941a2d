import { BrokerageMessages, type PlaceOrderResponse, type PlaceOrderRpcReply } from '@copytrade/contracts';
import type { Response } from 'express';

/**
 * 201 for a new order, 200 for a replay, 202 while the outcome is unknown (in flight or awaiting the
 * brokerage's confirmation): `status: 'unknown'` with a message; the same request id asked again answers
 * the final result once known.
 */
export function placeOrderResponse(reply: PlaceOrderRpcReply, response: Response): PlaceOrderResponse {
  const unknown = reply.order.state === 'UNKNOWN' || reply.order.state === 'SUBMITTING';
  response.status(unknown ? 202 : reply.replayed ? 200 : 201);
  return {
    success: true,
    requestId: reply.order.requestId,
    status: unknown ? 'unknown' : 'placed',
    ...(unknown ? { message: BrokerageMessages.orderAwaitingConfirmation } : {}),
    order: reply.order,
    replayed: reply.replayed,
  };
}
