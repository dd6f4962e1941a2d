import type { TimeInForce } from '@copytrade/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PaperFillStep } from '../paper-order-script';

/** An order of a paper account. Like the real provider, client_order_id is kept but not unique. */
@Entity({ name: 'paper_orders' })
export class PaperOrderEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'client_order_id', type: 'uuid', nullable: true })
  clientOrderId: string | null;

  @Column({ type: 'text' })
  symbol: string;

  @Column({ type: 'text' })
  underlying: string;

  @Column({ type: 'text' })
  action: 'BUY' | 'SELL';

  @Column({ type: 'numeric', precision: 24, scale: 8 })
  units: string;

  /** Units filled so far. */
  @Column({ name: 'filled_units', type: 'numeric', precision: 24, scale: 8 })
  filledUnits: string;

  /** Average price of the filled units; null while nothing is filled. */
  @Column({ name: 'execution_price', type: 'numeric', precision: 20, scale: 6, nullable: true })
  executionPrice: string | null;

  /** A limit order's limit per unit (never filled beyond it); null for a market order. */
  @Column({ name: 'limit_price', type: 'numeric', precision: 14, scale: 4, nullable: true })
  limitPrice: string | null;

  @Column({ name: 'time_in_force', type: 'text', nullable: true })
  timeInForce: TimeInForce | null;

  /** SnapTrade's words: ACCEPTED, PARTIAL, EXECUTED, CANCELED, PARTIAL_CANCELED, REJECTED. */
  @Column({ type: 'text' })
  status: string;

  /** The steps still to come of an accepted order (slow mode), applied when due. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  plan: PaperFillStep[];

  @Column({ type: 'integer', default: 1 })
  multiplier: number;

  @Column({ name: 'option_type', type: 'text', nullable: true })
  optionType: 'CALL' | 'PUT' | null;

  @Column({ name: 'strike_price', type: 'numeric', precision: 14, scale: 3, nullable: true })
  strikePrice: string | null;

  @Column({ name: 'expiration_date', type: 'date', nullable: true })
  expirationDate: string | null;

  @Column({ name: 'placed_at', type: 'timestamptz' })
  placedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', nullable: true })
  updatedAt: Date | null;
}
