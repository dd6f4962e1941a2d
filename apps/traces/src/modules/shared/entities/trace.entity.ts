import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { RiskLevel, TierName } from '@copytrade/contracts';
import { TierEntity } from './tier.entity';

/**
 * A trader profile. The statistics columns (win_rate … avg_trade_size) are never typed in: TraceStats
 * recomputes them from the trace's trades whenever those change. subscriber_count is a counter kept in the
 * same transaction as each subscription change, under the trace row's lock (exact under concurrency).
 * Numeric columns arrive as strings (PostgreSQL numeric).
 */
@Entity({ name: 'traces' })
export class TraceEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'owner_user_id', type: 'uuid' })
  ownerUserId: string;

  @Column({ type: 'text' })
  name: string;

  /** With its leading '@'; unique case-insensitively. */
  @Column({ type: 'text' })
  handle: string;

  @Column({ name: 'avatar_url', type: 'text', nullable: true })
  avatarUrl: string | null;

  @Column({ name: 'banner_url', type: 'text', nullable: true })
  bannerUrl: string | null;

  @Column({ name: 'is_verified', type: 'boolean', default: false })
  isVerified: boolean;

  @Column({ name: 'is_featured', type: 'boolean', default: false })
  isFeatured: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text', default: '' })
  bio: string;

  @Column({ name: 'risk_level', type: 'text', default: 'medium' })
  riskLevel: RiskLevel;

  @Column({ name: 'trading_style', type: 'text', array: true, default: () => "'{}'" })
  tradingStyle: string[];

  @Column({ name: 'min_investment', type: 'numeric', default: 0 })
  minInvestment: string;

  @Column({ name: 'allow_comments', type: 'boolean', default: true })
  allowComments: boolean;

  @Column({ name: 'allow_copying', type: 'boolean', default: true })
  allowCopying: boolean;

  @Column({ name: 'auto_share_profitable_trades', type: 'boolean', default: false })
  autoShareProfitableTrades: boolean;

  @Column({ name: 'default_sharing_tier', type: 'text', default: 'premium' })
  defaultSharingTier: TierName;

  @Column({ name: 'public_profile', type: 'boolean', default: true })
  publicProfile: boolean;

  @Column({ name: 'subscriber_count', type: 'integer', default: 0 })
  subscriberCount: number;

  @Column({ name: 'total_likes', type: 'integer', default: 0 })
  totalLikes: number;

  @Column({ name: 'win_rate', type: 'numeric', default: 0 })
  winRate: string;

  @Column({ name: 'monthly_return', type: 'numeric', default: 0 })
  monthlyReturn: string;

  @Column({ name: 'total_return', type: 'numeric', default: 0 })
  totalReturn: string;

  @Column({ name: 'max_drawdown', type: 'numeric', default: 0 })
  maxDrawdown: string;

  @Column({ name: 'total_trades', type: 'integer', default: 0 })
  totalTrades: number;

  @Column({ name: 'profitable_trades', type: 'integer', default: 0 })
  profitableTrades: number;

  @Column({ name: 'avg_trade_size', type: 'numeric', default: 0 })
  avgTradeSize: string;

  @OneToMany(() => TierEntity, (tier) => tier.trace)
  tiers?: TierEntity[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
