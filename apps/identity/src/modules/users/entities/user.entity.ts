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

  /** When a trader the user copies automatically sells a shared trade, the automatic copy is sold too. */
  @Column({ name: 'close_auto_copies_on_trader_sell', type: 'boolean', default: false })
  closeAutoCopiesOnTraderSell: boolean;

  /** Took a beta seat at signup; the seeded admin and demo users did not. */
  @Column({ name: 'is_beta_user', type: 'boolean', default: false })
  isBetaUser: boolean;

  /** Digits only (normalised at signup). */
  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'text', nullable: true })
  occupation: string | null;

  @Column({ name: 'annual_income', type: 'text', nullable: true })
  annualIncome: string | null;

  /** The user's id at the brokerage provider; kept from the brokerage service's events. */
  @Column({ name: 'snaptrade_user_id', type: 'text', nullable: true })
  snaptradeUserId: string | null;

  @Column({ name: 'brokerage_connected', type: 'boolean', default: false })
  brokerageConnected: boolean;

  /** Account ids of the active connections, primary first. */
  @Column({ name: 'snaptrade_account_ids', type: 'text', array: true, default: () => "'{}'" })
  snaptradeAccountIds: string[];

  /** Version of the brokerage link last applied: older events are ignored. */
  @Column({ name: 'brokerage_state_version', type: 'bigint', default: 0 })
  brokerageStateVersion: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
