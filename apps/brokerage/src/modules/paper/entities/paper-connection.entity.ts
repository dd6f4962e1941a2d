import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A simulated brokerage connection; one per user and brokerage (a second connect reuses it, as SnapTrade de-duplicates). */
@Entity({ name: 'paper_connections' })
export class PaperConnectionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'provider_user_id', type: 'text' })
  providerUserId: string;

  @Column({ name: 'broker_slug', type: 'text' })
  brokerSlug: string;

  @Column({ type: 'text' })
  type: 'read' | 'trade';

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
