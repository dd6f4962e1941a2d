import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { SubscriptionStatus } from '@copytrade/contracts';
import { TierEntity } from './tier.entity';
import { TraceEntity } from './trace.entity';

/** One row per (trace, user): subscribing again re-activates it. Access needs status 'active'. */
@Entity({ name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  @ManyToOne(() => TraceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trace_id' })
  trace: TraceEntity;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'tier_id', type: 'uuid' })
  tierId: string;

  @ManyToOne(() => TierEntity)
  @JoinColumn({ name: 'tier_id' })
  tier?: TierEntity;

  /** The tier's name, kept with the row for the sidebar. */
  @Column({ name: 'tier_name', type: 'text' })
  tierName: string;

  @Column({ type: 'text', default: 'active' })
  status: SubscriptionStatus;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
