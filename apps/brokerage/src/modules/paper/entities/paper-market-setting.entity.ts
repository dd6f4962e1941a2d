import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Development overrides of the simulated market, shared by every replica: a symbol's price, or whether it is open. */
@Entity({ name: 'paper_market_settings' })
export class PaperMarketSettingEntity {
  /** `price:<SYMBOL>` or `hours`. */
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
