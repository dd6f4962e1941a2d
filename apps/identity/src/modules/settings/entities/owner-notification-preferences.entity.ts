import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A trace owner's notification switches (the owner dashboard's settings); no row means the defaults. */
@Entity({ name: 'owner_notification_preferences' })
export class OwnerNotificationPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'email_new_subscribers', type: 'boolean', default: true })
  emailNewSubscribers: boolean;

  @Column({ name: 'email_trade_copies', type: 'boolean', default: true })
  emailTradeCopies: boolean;

  @Column({ name: 'email_revenue', type: 'boolean', default: true })
  emailRevenue: boolean;

  @Column({ name: 'email_performance_alerts', type: 'boolean', default: true })
  emailPerformanceAlerts: boolean;

  @Column({ name: 'email_comments', type: 'boolean', default: false })
  emailComments: boolean;

  @Column({ name: 'push_notifications', type: 'boolean', default: true })
  pushNotifications: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
