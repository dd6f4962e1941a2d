import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { TierName } from '@copytrade/contracts';
import { TraceEntity } from './trace.entity';

/** One of a trace's four tiers; rank orders them (free 0 < basic 1 < premium 2 < vip 3). */
@Entity({ name: 'tiers' })
export class TierEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  @ManyToOne(() => TraceEntity, (trace) => trace.tiers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trace_id' })
  trace?: TraceEntity;

  @Column({ type: 'text' })
  name: TierName;

  @Column({ type: 'smallint' })
  rank: number;

  /** US dollars per month. */
  @Column({ type: 'numeric' })
  price: string;

  @Column({ name: 'can_copy_trades', type: 'boolean' })
  canCopyTrades: boolean;
}
