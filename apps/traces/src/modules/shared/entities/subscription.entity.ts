import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TraceEntity } from './trace.entity';

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

  @Column({ name: 'tier_name', type: 'text' })
  tierName: string;

  @Column({ type: 'text', default: 'active' })
  status: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
