import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { DECIMAL, OptionContractFieldsV1 } from '../option-contract-fields';

/**
 * An order intent became FILLED: published once, in the transaction of that change, beside its OrderUpdated and
 * with the same aggregate (`order-intent:<intentId>`), so a consumer ordering by aggregate subscribes to both
 * (`events.brokerage.order.>`). Prices are per share (options: per share of the contract, × multiplier per
 * contract).
 */
export class OrderFilledV1 extends OptionContractFieldsV1 {
  @IsUUID()
  intentId: string;

  @IsUUID()
  userId: string;

  @IsString()
  @IsNotEmpty()
  accountId: string;

  @IsString()
  @IsNotEmpty()
  provider: string;

  /** The client's idempotency key the order was placed with (absent from events published before it was added). */
  @IsOptional()
  @IsString()
  requestId?: string;

  /** The brokerage's id of the order (what its order list shows); null only when it never gave one. */
  @IsOptional()
  @IsString()
  brokerageOrderId: string | null;

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

  @Matches(DECIMAL)
  filledQuantity: string;

  @Matches(DECIMAL)
  averagePrice: string;

  /**
   * When the order executed, by the brokerage's own record (SnapTrade's time_executed, the paper broker's fill); when
   * the brokerage gives no time, the first moment the brokerage service saw it filled.
   */
  @IsISO8601()
  filledAt: string;
}

export const OrderFilled = defineCataloguedEvent(OrderFilledV1, {
  type: 'OrderFilled',
  version: 1,
  subject: 'events.brokerage.order.filled.v1',
  producer: 'brokerage',
});
