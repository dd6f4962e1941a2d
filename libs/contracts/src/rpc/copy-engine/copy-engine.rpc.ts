import { IsNumber, IsOptional, IsUUID, Matches, Max, Min, ValidateIf } from 'class-validator';
import { OrderInputRules } from '../../rules/order-input.rules';
import { CopyTradeDto } from '../../http/copy-engine/copy-trade.dto';
import type { CopyInstanceView } from '../../http/copy-engine/copy-instance.view';
import type { PlacedOrderView } from '../../http/brokerage/brokerage.view';
import { rpcCallOf } from '../rpc-call';

/** The copy engine's requests: the follower's own copies (the actor is always the follower). */
export const CopyEngineRpc = {
  /** POST /api/snaptrade/copy-trade: the checks, then the copy saga. */
  copyTrade: 'rpc.copy-engine.copies.create',
  /** POST /api/copy-trades/copy: the copy already recorded for the actor and a trade. */
  getCopyOfTrade: 'rpc.copy-engine.copies.get-by-trade',
} as const;

/**
 * A copy waits for the brokerage's placement (called with a 30 s timeout) after its checks (a few reads), so the
 * gateway waits longer still; past it the outcome is unknown (202, ask again with the same request id).
 */
export const COPY_TRADE_RPC_TIMEOUT_MS = 45_000;

/**
 * The body of copy-trade plus what the gateway adds: the request id (the header) and the session user's
 * maxCopyAmount (identity's copy settings, as the session holds them: identity drops a user's cached sessions before
 * it answers a change of their settings, so this is the current value).
 */
export class CopyTradeRpcPayload extends CopyTradeDto {
  @Matches(/^[A-Za-z0-9._:-]{8,128}$/, { message: 'requestId must be 8–128 letters, digits or ._:-' })
  requestId: string;

  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(OrderInputRules.maxAmount)
  maxCopyAmount: number | null;
}
export class CopyTradeRpcCall extends rpcCallOf(CopyTradeRpcPayload) {}

export interface CopyTradeRpcReply {
  /** filled: the copy is open; pending: accepted, not filled yet; unknown: awaiting confirmation. */
  status: 'filled' | 'pending' | 'unknown';
  message: string;
  replayed: boolean;
  order: Pick<PlacedOrderView, 'brokerageOrderId' | 'executionPrice' | 'quantity' | 'filledQuantity' | 'state'>;
  copyInstance: CopyInstanceView;
}

export class GetCopyOfTradeRpcPayload {
  @IsUUID('all', { message: 'originalTradeId must be a valid id' })
  originalTradeId: string;

  @IsOptional()
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId?: string;
}
export class GetCopyOfTradeRpcCall extends rpcCallOf(GetCopyOfTradeRpcPayload) {}

export interface GetCopyOfTradeRpcReply {
  copyInstance: CopyInstanceView;
}
