import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OrderIntentState } from '@copytrade/contracts';

/** The audit record of an admin resolving an unknown order: who decided what, on which evidence, and when. Never updated. */
@Entity({ name: 'order_resolutions' })
export class OrderResolutionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'intent_id', type: 'uuid' })
  intentId: string;

  @Column({ type: 'text' })
  outcome: 'placed' | 'not_placed';

  @Column({ type: 'text' })
  note: string;

  @Column({ name: 'brokerage_order_id', type: 'text', nullable: true })
  brokerageOrderId: string | null;

  @Column({ name: 'previous_state', type: 'text' })
  previousState: OrderIntentState;

  @Column({ name: 'new_state', type: 'text' })
  newState: OrderIntentState;

  @Column({ name: 'resolved_by', type: 'uuid' })
  resolvedBy: string;

  @Column({ name: 'trace_id', type: 'text', nullable: true })
  traceId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
