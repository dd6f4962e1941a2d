import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { FollowerResultsFigures, FollowerResultsWeek } from '@copytrade/contracts';

/**
 * The latest follower results of a trace (TraceFollowerResultsComputed, computed by the copy engine): the figures
 * as the event gives them, and the two the discovery cards show and the `followers` sort orders by (all time) as
 * columns. Numeric columns arrive as strings (PostgreSQL numeric).
 */
@Entity({ name: 'trace_follower_results' })
export class TraceFollowerResultsEntity {
  @PrimaryColumn({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  /** The event's aggregate version: an older one never replaces a newer. */
  @Column({ name: 'aggregate_version', type: 'bigint' })
  aggregateVersion: string;

  @Column({ name: 'computed_at', type: 'timestamptz' })
  computedAt: Date;

  @Column({ type: 'jsonb' })
  windows: FollowerResultsFigures[];

  @Column({ type: 'jsonb' })
  weekly: FollowerResultsWeek[];

  @Column({ name: 'follower_return_median', type: 'numeric', nullable: true })
  followerReturnMedian: string | null;

  @Column({ name: 'slippage_median', type: 'numeric', nullable: true })
  slippageMedian: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
