import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

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

  @Column({ name: 'execution_price', type: 'numeric', precision: 20, scale: 6 })
  executionPrice: string;

  @Column({ type: 'text' })
  status: string;

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
}
