import { Transform } from 'class-transformer';
import { IsNotEmpty, IsObject, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';
import { SellPositionDataDto } from '../../http/traces/owner-sell.dto';
import type { PlacedOrderView } from '../../http/brokerage/brokerage.view';
import { asInstanceOf, rpcCallOf } from '../rpc-call';
import type { TraceIdRpcRequest } from './traces.rpc';

/** The owner's real-time refresh and market sell (owner only: 404 unknown trace, 403 NOT_TRACE_OWNER). */
export const OwnerSellRpc = {
  refreshBrokerage: 'rpc.traces.owner-brokerage.refresh',
  sellPosition: 'rpc.traces.owner-positions.sell',
} as const;

/**
 * A sell waits for the brokerage's placement (which answers within its own reply deadline, 25 s by default, and
 * is called with a 30 s timeout), so the gateway waits longer still; past it the outcome is unknown (202).
 */
export const OWNER_SELL_RPC_TIMEOUT_MS = 40_000;

export interface RefreshBrokerageRpcReply {
  message: string;
  cost: number;
}

export class SellPositionRpcPayload {
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  accountId: string;

  /** The client's idempotency key (X-Request-ID). */
  @Matches(/^[A-Za-z0-9._:-]{8,128}$/, { message: 'requestId must be 8–128 letters, digits or ._:-' })
  requestId: string;

  @IsObject()
  @ValidateNested()
  @Transform(asInstanceOf(SellPositionDataDto))
  positionData: SellPositionDataDto;
}

export interface SellPositionRpcReply {
  status: 'filled' | 'pending' | 'unknown';
  message: string;
  order: PlacedOrderView;
  replayed: boolean;
}

export class RefreshBrokerageRpcPayload implements TraceIdRpcRequest {
  @IsUUID('all', { message: 'traceId must be a valid id' })
  traceId: string;
}

export class RefreshBrokerageRpcCall extends rpcCallOf(RefreshBrokerageRpcPayload) {}
export class SellPositionRpcCall extends rpcCallOf(SellPositionRpcPayload) {}
