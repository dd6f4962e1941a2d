import {
  Equals,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import type { CopyInstanceView, CopyPerformanceView } from '../../http/copy-engine/copy-instance.view';
import { OwnerSellErrorCode, OwnerSellMessages } from '../../http/traces/owner-sell.rules';
import { OrderInputRules } from '../../rules/order-input.rules';
import { SellPositionRpcPayload } from '../traces/owner-sell.rpc';
import type { CacheableRpcReply } from '../read-cache/read-cache.rpc';
import { rpcCallOf } from '../rpc-call';

/** The follower's own copies after the copy: sell, close, the lists and the price refresh (the actor is the follower). */
export const MyCopiesRpc = {
  /** POST /api/snaptrade/sell-position for a copied position (the caller does not own the trace). */
  sellCopy: 'rpc.copy-engine.copies.sell',
  /** PUT /api/copy-trades/{id}/close. */
  closeCopy: 'rpc.copy-engine.copies.close',
  /** GET /api/copy-trades/my-copies. */
  listMyCopies: 'rpc.copy-engine.copies.list-mine',
  /** GET /api/copy-trades/my-performance. */
  myPerformance: 'rpc.copy-engine.copies.performance',
  /** POST /api/copy-trades/{id}/refresh-price. */
  refreshPrice: 'rpc.copy-engine.copies.refresh-price',
} as const;

/** The most copies one page of my-copies holds (default 100). */
export const MY_COPIES_MAX_LIMIT = 200;
export const MY_COPIES_DEFAULT_LIMIT = 100;
/** The furthest a page of my-copies may start (far beyond any follower's copies; keeps OFFSET a small integer). */
export const MY_COPIES_MAX_OFFSET = 1_000_000;

/**
 * The copy's sell: the owner-sell payload (accountId, request id, positionData) and the follower's confirmation,
 * which the copy engine checks itself rather than trust the gateway's.
 */
export class SellCopyRpcPayload extends SellPositionRpcPayload {
  @Equals(true, {
    message: OwnerSellMessages.risksNotConfirmed,
    context: { code: OwnerSellErrorCode.RISKS_NOT_CONFIRMED },
  })
  confirmRisks: true;
}
export class SellCopyRpcCall extends rpcCallOf(SellCopyRpcPayload) {}

export class CopyIdRpcPayload {
  @IsUUID('all', { message: 'Copy not found' })
  copyId: string;
}
export class CopyIdRpcCall extends rpcCallOf(CopyIdRpcPayload) {}

export class CloseCopyRpcPayload extends CopyIdRpcPayload {
  /** What the client believes the exit price is: recorded beside, never used over the brokerage's fill. */
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(OrderInputRules.maxPrice)
  clientExitPrice?: number | null;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(128)
  brokerageSellOrderId?: string | null;
}
export class CloseCopyRpcCall extends rpcCallOf(CloseCopyRpcPayload) {}

export interface CloseCopyRpcReply {
  /** false when the copy was already closed (nothing changed). */
  closed: boolean;
  copyInstance: CopyInstanceView;
}

export class ListMyCopiesRpcPayload {
  @IsOptional()
  @IsIn(['open', 'closed', 'pending', 'failed'])
  status?: 'open' | 'closed' | 'pending' | 'failed';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MY_COPIES_MAX_LIMIT)
  limit?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MY_COPIES_MAX_OFFSET)
  offset?: number;
}
export class ListMyCopiesRpcCall extends rpcCallOf(ListMyCopiesRpcPayload) {}

export interface ListMyCopiesRpcReply extends CacheableRpcReply {
  copies: CopyInstanceView[];
  total: number;
  limit: number;
  offset: number;
}

export interface MyPerformanceRpcReply {
  performance: CopyPerformanceView;
}

export interface RefreshCopyPriceRpcReply {
  copyInstance: CopyInstanceView;
}

export const MyCopiesErrorCode = {
  COPY_NOT_FOUND: 'COPY_NOT_FOUND',
  COPY_NOT_OPEN: 'COPY_NOT_OPEN',
  SELL_PENDING: 'COPY_SELL_PENDING',
  NOT_SOLD: 'COPY_NOT_SOLD',
  STILL_HELD: 'COPY_STILL_HELD',
  SELL_ORDER_NOT_OF_COPY: 'COPY_SELL_ORDER_UNKNOWN',
  PRICE_UNAVAILABLE: 'PRICE_UNAVAILABLE',
  /** The copy's own code (CopyTradeErrorCode.INVALID_QUANTITY): a copy is bought and sold in whole units. */
  INVALID_QUANTITY: 'INVALID_QUANTITY',
} as const;

export const MyCopiesMessages = {
  copyNotFound: 'Copy not found',
  noOpenCopy: (symbol: string) => `You hold no open copy of ${symbol} to sell.`,
  notOpen: 'This copy is not open.',
  sellPending: 'The sell order of this copy has not filled yet. Try again in a moment.',
  notSold: 'This copy has not been sold at the brokerage yet: sell it first, then close it.',
  stillHeld: (held: string) => `This copy still holds ${held}: sell the rest first, then close it.`,
  sellOrderUnknown: 'That sell order is not a sell of this copy.',
  priceUnavailable: 'The current price could not be read from the brokerage. Try again later.',
  sellQuantity: 'A copy is sold in whole shares or contracts: the quantity must be a whole number from 1 to 1,000,000.',
} as const;
