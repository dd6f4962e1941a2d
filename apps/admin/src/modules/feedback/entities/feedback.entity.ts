import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FeedbackStatus, FeedbackType } from '@copytrade/contracts';

/** One feedback from the beta dialog. The e-mail is the sender's own (from the session), not what the form said. */
@Entity({ name: 'feedback' })
export class FeedbackEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  type: FeedbackType;

  @Column({ type: 'text', default: 'open' })
  status: FeedbackStatus;

  @Column({ type: 'text', default: 'medium' })
  priority: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  page: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ name: 'browser_info', type: 'jsonb', nullable: true })
  browserInfo: object | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
