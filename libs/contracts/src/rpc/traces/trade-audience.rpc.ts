import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { rpcCallOf } from '../rpc-call';

/**
 * Who may see one trade, among the users a gateway has connected to its live push (`GET /api/events`): the trace's
 * owner, and — once the trade is shared — the trace's active subscribers whose tier ranks at or above the trade's
 * required tier (the rule of the trace page's trades). The gateway owns no data, so it asks; a system call (no
 * actor). An unknown trade has no audience.
 */
export const TradeAudienceRpc = {
  filter: 'rpc.traces.trade-audience.filter',
} as const;

/** Ids per call; a gateway with more connected users asks in batches (NATS payloads stay far under 1 MB). */
export const TRADE_AUDIENCE_MAX_USER_IDS = 5_000;

export class TradeAudienceFilterRpcPayload {
  @IsUUID('all', { message: 'tradeId must be a valid id' })
  tradeId: string;

  @IsArray()
  @ArrayMaxSize(TRADE_AUDIENCE_MAX_USER_IDS)
  @IsUUID('all', { each: true, message: 'userIds must be valid ids' })
  userIds: string[];
}

export interface TradeAudienceFilterRpcReply {
  /** The ids of `userIds` who may see the trade (order not kept). */
  userIds: string[];
}

export class TradeAudienceFilterRpcCall extends rpcCallOf(TradeAudienceFilterRpcPayload) {}
