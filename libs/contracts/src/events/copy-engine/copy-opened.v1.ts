import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { DECIMAL, OptionContractFieldsV1 } from '../option-contract-fields';

/**
 * The fields every event about one copy carries (CopyOpened, CopyClosed; aggregate `copy:<copyId>`): the copy, its
 * follower, the trade it copies and the instrument. Prices per share (options: per share of the contract,
 * × contractMultiplier per contract); amounts in US dollars.
 */
export abstract class CopyEventV1 extends OptionContractFieldsV1 {
  @IsUUID()
  copyId: string;

  /** The follower who holds the copy. */
  @IsUUID()
  userId: string;

  @IsUUID()
  originalTradeId: string;

  @IsUUID()
  traceId: string;

  @IsIn(['manual', 'automatic'])
  placement: 'manual' | 'automatic';

  /** The ticker (an option's underlying). */
  @IsString()
  @IsNotEmpty()
  symbol: string;

  @IsIn(['buy', 'sell'])
  side: 'buy' | 'sell';

  @IsBoolean()
  isOptions: boolean;

  /** The OCC symbol of an option; null for a stock. */
  @IsOptional()
  @IsString()
  optionsTicker: string | null;

  /** Units the copy holds (contracts for an option). */
  @Matches(DECIMAL)
  quantity: string;

  /** The follower's fill price. */
  @Matches(DECIMAL)
  entryPrice: string;

  @IsString()
  @IsNotEmpty()
  brokerageAccountId: string;
}

/**
 * A copy's order filled (all of it, or the part that filled): the copy is open. Written in the transaction that
 * opens it. Carries the receipt: the trader's price and share time beside the follower's fill.
 */
export class CopyOpenedV1 extends CopyEventV1 {
  /** The idempotency key the order was placed with (the client's request id, or event id + follower). */
  @IsString()
  @IsNotEmpty()
  requestId: string;

  @IsOptional()
  @IsString()
  brokerageOrderId: string | null;

  /** Units asked for; `quantity` is what filled. */
  @Matches(DECIMAL)
  requestedQuantity: string;

  /** quantity × entryPrice × contractMultiplier. */
  @Matches(DECIMAL)
  copyAmount: string;

  /** The trader's entry price per share when the trade was shared. */
  @Matches(DECIMAL)
  traderPrice: string;

  @IsOptional()
  @IsISO8601()
  traderSharedAt: string | null;

  @IsISO8601()
  openedAt: string;
}

export const CopyOpened = defineCataloguedEvent(CopyOpenedV1, {
  type: 'CopyOpened',
  version: 1,
  subject: 'events.copy-engine.copy.opened.v1',
  producer: 'copy-engine',
});

export const copyAggregateId = (copyId: string) => `copy:${copyId}`;
