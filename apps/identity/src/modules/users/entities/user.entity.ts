import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'text', default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text', default: '' })
  lastName: string;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ name: 'has_completed_onboarding', type: 'boolean', default: false })
  hasCompletedOnboarding: boolean;

  @Column({ name: 'auto_subscribed_to_trader', type: 'boolean', default: false })
  autoSubscribedToTrader: boolean;

  @Column({ name: 'copy_trading_enabled', type: 'boolean', default: false })
  copyTradingEnabled: boolean;

  /** Money: numeric in storage, read as a string and converted at the edge. */
  @Column({ name: 'default_copy_amount', type: 'numeric', precision: 14, scale: 2, nullable: true })
  defaultCopyAmount: string | null;

  @Column({ name: 'max_copy_amount', type: 'numeric', precision: 14, scale: 2, nullable: true })
  maxCopyAmount: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
