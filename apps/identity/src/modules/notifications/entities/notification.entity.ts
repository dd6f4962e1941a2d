import type { EmailTopic, NotificationKind } from '@copytrade/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One thing a user was told (see the AddNotifications migration for the rules of its columns). */
@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  kind: NotificationKind;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'text' })
  link: string;

  /** Unique per user: what the notification is about (an event, a copy, a trade's copies). */
  @Column({ name: 'dedupe_key', type: 'text' })
  dedupeKey: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  /** The e-mail topic it may be mailed under; null: never mailed. */
  @Column({ name: 'email_topic', type: 'text', nullable: true })
  emailTopic: EmailTopic | null;

  /** Set once mailed, or once the recipient's preferences ruled the e-mail out. */
  @Column({ name: 'emailed_at', type: 'timestamptz', nullable: true })
  emailedAt: Date | null;
}
