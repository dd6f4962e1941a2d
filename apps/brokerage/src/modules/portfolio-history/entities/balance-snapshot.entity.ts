import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An account's value at most once per bucket (PORTFOLIO_SNAPSHOT_MINUTES), recorded when balances are read. */
@Entity({ name: 'balance_snapshots' })
export class BalanceSnapshotEntity {
  @PrimaryColumn({ name: 'account_id', type: 'text' })
  accountId: string;

  @PrimaryColumn({ name: 'bucket_start', type: 'timestamptz' })
  bucketStart: Date;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'total_value', type: 'numeric', precision: 20, scale: 2 })
  totalValue: string;

  @Column({ type: 'numeric', precision: 20, scale: 2 })
  cash: string;

  @Column({ type: 'text' })
  currency: string;

  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt: Date;
}
