import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The last known state of a user's connection at the provider: what connection events are computed from. */
@Entity({ name: 'connections' })
export class ConnectionEntity {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'brokerage_slug', type: 'text' })
  brokerageSlug: string;

  @Column({ name: 'brokerage_name', type: 'text' })
  brokerageName: string;

  @Column({ type: 'boolean' })
  disabled: boolean;

  @UpdateDateColumn({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}
