import { IsISO8601, IsOptional, IsString, Matches } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';
import { DECIMAL } from '../option-contract-fields';
import { CopyEventV1 } from './copy-opened.v1';

/** A signed decimal as text (a realized loss is negative). */
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A copy was closed: its position sold at the brokerage at `exitPrice` (the brokerage's fill of the sell order,
 * never a client-sent price). Aggregate `copy:<copyId>`, after its CopyOpened.
 */
export class CopyClosedV1 extends CopyEventV1 {
  @Matches(DECIMAL)
  exitPrice: string;

  /** (exit − entry) × quantity × multiplier for a buy, reversed for a sell; US dollars. */
  @Matches(SIGNED_DECIMAL)
  realizedPnl: string;

  @IsOptional()
  @IsString()
  sellOrderId: string | null;

  @IsISO8601()
  closedAt: string;
}

export const CopyClosed = defineCataloguedEvent(CopyClosedV1, {
  type: 'CopyClosed',
  version: 1,
  subject: 'events.copy-engine.copy.closed.v1',
  producer: 'copy-engine',
});
