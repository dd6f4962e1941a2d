import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { rpcCallOf } from '../rpc-call';

/**
 * Who may see one trade, among the users a gateway has connected to its live push (`GET /api/events`): the trace's
 * owner, and — once the trade is shared — the trace's active subscribers whose tier ranks at or above the trade's
 * required tier (the rule of the trace page's trades). The gateway owns no data, so it asks; a system call (no
 * actor). An unknown trade has no audience.
 */
export const TradeAudienceRpc = {
  filter: 'rpc.traces.trade-audience.filter',
  list: 'rpc.traces.trade-audience.list',
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

/** Ids per page of `list` at most (about 200 kB of JSON, far under NATS's 1 MB max_payload). */
export const TRADE_VIEWERS_PAGE_MAX = 5_000;

/**
 * `list`: every follower who may see a shared trade — the trace's active subscribers whose tier ranks at or above the
 * trade's required tier (the trace page's rule), never its owner; whether the trade is open or closed. Asked by
 * identity's notifications of TradeShared and TradeClosed (a system call, no actor). Keyset paging on the user id.
 */
export class TradeViewersRpcPayload {
  @IsUUID('all', { message: 'tradeId must be a valid id' })
  tradeId: string;

  /** The previous page's nextCursor (the last user id it held); the first page without it. */
  @IsOptional()
  @IsUUID('all', { message: 'after must be a valid id' })
  after?: string | null;

  /** 1 to TRADE_VIEWERS_PAGE_MAX ids (the maximum when omitted). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(TRADE_VIEWERS_PAGE_MAX)
  limit?: number;
}

export interface TradeViewersRpcReply {
  /** The trade's trace; null when there is no such trade. */
  trace: { id: string; name: string; ownerUserId: string } | null;
  /** Followers who may see it, ascending; empty when the trade is not shared. */
  userIds: string[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

export class TradeViewersRpcCall extends rpcCallOf(TradeViewersRpcPayload) {}
