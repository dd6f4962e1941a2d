import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { ORDER_INTENT_STATES, type OrderIntentState } from '../../http/brokerage/brokerage.view';
import { defineCataloguedEvent } from '../catalogued-event';

/** A non-negative decimal as text: quantities and prices travel exactly, never as binary floats. */
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * An order changed: placed, partly filled, filled, canceled, expired, rejected, or its outcome became unknown.
 * Published in the intent's own transaction with `aggregateId = order-intent:<intentId>`, so the envelope's
 * aggregateVersion orders one order's updates; a consumer keeps the highest version it applied. What a copy,
 * a sell or a trade record needs is here: what the user holds from this order is `filledQuantity` at
 * `averagePrice`, final once `final` is true.
 */
export class OrderUpdatedV1 {
  @IsUUID()
  intentId: string;

  /** The caller's idempotency key (X-Request-ID of the placement). */
  @IsString()
  @IsNotEmpty()
  requestId: string;

  @IsUUID()
  userId: string;

  @IsString()
  @IsNotEmpty()
  accountId: string;

  @IsString()
  @IsNotEmpty()
  provider: string;

  @IsOptional()
  @IsString()
  brokerageOrderId: string | null;

  @IsUUID()
  clientOrderId: string;

  @IsIn(['BUY', 'SELL'])
  action: 'BUY' | 'SELL';

  /** The instrument as ordered: the ticker, or the OCC symbol of an option. */
  @IsString()
  @IsNotEmpty()
  symbol: string;

  /** The ticker (an option's underlying). */
  @IsString()
  @IsNotEmpty()
  underlying: string;

  @IsBoolean()
  isOptions: boolean;

  /** Requested units (contracts for an option). */
  @Matches(DECIMAL)
  quantity: string;

  @IsIn(ORDER_INTENT_STATES)
  state: OrderIntentState;

  /** No further change will come from the brokerage (a person may still resolve an UNKNOWN one). */
  @IsBoolean()
  final: boolean;

  /** Units filled so far ("0" when none): what the user holds from this order. */
  @Matches(DECIMAL)
  filledQuantity: string;

  /** Average price of the filled units; null while nothing is filled. */
  @IsOptional()
  @Matches(DECIMAL)
  averagePrice: string | null;

  /** The brokerage's own status word (PENDING, ACCEPTED, PARTIAL, EXECUTED, PARTIAL_CANCELED…). */
  @IsOptional()
  @IsString()
  providerStatus: string | null;

  /**
   * Why a REJECTED order was refused, as the brokerage service's error code (BrokerageErrorCode: MARKET_CLOSED,
   * INSUFFICIENT_BUYING_POWER, ORDER_REJECTED when the brokerage gave no reason …); null for any other state. Added
   * after v1 was first published: optional, and absent from older events (read it as null).
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  rejectionCode?: string | null;

  /**
   * When the order executed, by the brokerage's own record (SnapTrade's time_executed, the paper broker's fill);
   * when the brokerage gives no time, the first moment the brokerage service saw a fill. Null while nothing is
   * filled. Added after v1 was first published: optional, absent from older events (read it as null). Unlike
   * occurredAt (when this change was recorded), it does not move when the same fill is reported again.
   */
  @IsOptional()
  @IsISO8601()
  filledAt?: string | null;

  @IsISO8601()
  occurredAt: string;
}

export const OrderUpdated = defineCataloguedEvent(OrderUpdatedV1, {
  type: 'OrderUpdated',
  version: 1,
  subject: 'events.brokerage.order.updated.v1',
  producer: 'brokerage',
});
