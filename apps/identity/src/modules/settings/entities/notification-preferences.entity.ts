import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A user's notification switches; no row means the defaults (all on). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'email_notifications', type: 'boolean', default: true })
  emailNotifications: boolean;

  @Column({ name: 'notify_on_trade_shared', type: 'boolean', default: true })
  notifyOnTradeShared: boolean;

  @Column({ name: 'notify_on_trade_sold', type: 'boolean', default: true })
  notifyOnTradeSold: boolean;

  @Column({ name: 'notify_on_copied_trade_sold', type: 'boolean', default: true })
  notifyOnCopiedTradeSold: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
