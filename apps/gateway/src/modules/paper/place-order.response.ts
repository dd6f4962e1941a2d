import type { PlaceOrderResponse, PlaceOrderRpcReply } from '@copytrade/contracts';
import type { Response } from 'express';

/** 201 for a new order, 200 for a replay, 202 while the outcome is still unknown (reconciliation decides). */
export function placeOrderResponse(reply: PlaceOrderRpcReply, response: Response): PlaceOrderResponse {
  response.status(reply.order.state === 'UNKNOWN' ? 202 : reply.replayed ? 200 : 201);
  return { success: true, order: reply.order, replayed: reply.replayed };
}
