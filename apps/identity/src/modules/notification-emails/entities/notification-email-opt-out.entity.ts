import type { EmailTopic } from '@copytrade/contracts';
import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A topic a user unsubscribed from that has no switch of its own in the settings (copy_activity, admin_alerts). */
@Entity({ name: 'notification_email_opt_outs' })
export class NotificationEmailOptOutEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'text' })
  topic: EmailTopic;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
