import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's like of a trace (traces.total_likes counts them). */
@Entity({ name: 'trace_likes' })
export class TraceLikeEntity {
  @PrimaryColumn({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
