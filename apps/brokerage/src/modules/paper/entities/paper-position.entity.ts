import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A holding of a paper account: a stock by ticker or an option by OCC symbol (long only). */
@Entity({ name: 'paper_positions' })
export class PaperPositionEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @PrimaryColumn({ type: 'text' })
  symbol: string;

  @Column({ type: 'text' })
  underlying: string;

  @Column({ type: 'numeric', precision: 24, scale: 8 })
  units: string;

  /** Average price paid per share (per contract unit for options). */
  @Column({ name: 'average_cost', type: 'numeric', precision: 20, scale: 6 })
  averageCost: string;

  @Column({ type: 'integer', default: 1 })
  multiplier: number;

  @Column({ name: 'option_type', type: 'text', nullable: true })
  optionType: 'CALL' | 'PUT' | null;

  @Column({ name: 'strike_price', type: 'numeric', precision: 14, scale: 3, nullable: true })
  strikePrice: string | null;

  @Column({ name: 'expiration_date', type: 'date', nullable: true })
  expirationDate: string | null;
}
