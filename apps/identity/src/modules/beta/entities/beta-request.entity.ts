import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BetaRequestStatus } from '@copytrade/contracts';

/** Someone asked for a beta code. One row per (lower-cased) address; repeats bump the count. */
@Entity({ name: 'beta_requests' })
export class BetaRequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', default: 'pending' })
  status: BetaRequestStatus;

  @Column({ name: 'request_count', type: 'integer', default: 1 })
  requestCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_requested_at', type: 'timestamptz' })
  lastRequestedAt: Date;

  @Column({ name: 'last_client_address', type: 'text', nullable: true })
  lastClientAddress: string | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /** The admin who approved it; null when approved automatically. */
  @Column({ name: 'approved_by', type: 'uuid', nullable: true })
  approvedBy: string | null;
}
