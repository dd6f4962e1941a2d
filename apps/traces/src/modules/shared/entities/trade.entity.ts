import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OwnerTradeStatus, TierName, TradeSide, TradeStatus } from '@copytrade/contracts';

/**
 * A trade of a trace. Options prices (price, current_price) are stored in hundredths: the per-contract price
 * in dollars is the stored value ÷ 100. A closed trade's current_price is its exit price. Subscribers see a
 * trade only when it is shared and their tier ranks at or above required_tier.
 */
@Entity({ name: 'trades' })
export class TradeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'trace_id', type: 'uuid' })
  traceId: string;

  @Column({ type: 'text' })
  symbol: string;

  @Column({ type: 'text' })
  side: TradeSide;

  @Column({ type: 'numeric' })
  quantity: string;

  @Column({ type: 'numeric' })
  price: string;

  @Column({ name: 'current_price', type: 'numeric' })
  currentPrice: string;

  @Column({ type: 'text' })
  status: TradeStatus;

  @Column({ name: 'executed_at', type: 'timestamptz' })
  executedAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'text', default: 'Unknown' })
  strategy: string;

  @Column({ type: 'text', default: 'Medium' })
  confidence: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  @Column({ name: 'is_shared', type: 'boolean', default: false })
  isShared: boolean;

  @Column({ name: 'required_tier', type: 'text', nullable: true })
  requiredTier: TierName | null;

  @Column({ name: 'is_options', type: 'boolean', default: false })
  isOptions: boolean;

  @Column({ name: 'option_type', type: 'text', nullable: true })
  optionType: 'call' | 'put' | null;

  @Column({ name: 'options_ticker', type: 'text', nullable: true })
  optionsTicker: string | null;

  @Column({ name: 'strike_price', type: 'numeric', nullable: true })
  strikePrice: string | null;

  @Column({ name: 'expiration_date', type: 'date', nullable: true })
  expirationDate: string | null;

  @Column({ name: 'contract_multiplier', type: 'integer', default: 1 })
  contractMultiplier: number;

  /**
   * Where a brokerage trade comes from, unique per trace: `order:<brokerage order id>` or
   * `position:<account id>:<instrument>:<lot>`; null for trades not from a brokerage.
   */
  @Column({ name: 'source_key', type: 'text', nullable: true })
  sourceKey: string | null;

  /**
   * The Trade Manager's status; `status` is its public form (open, executed, filled → open; sold, closed →
   * closed). Left unset, the database copies `status` into it.
   */
  @Column({ name: 'owner_status', type: 'text' })
  ownerStatus: OwnerTradeStatus;

  @Column({ name: 'brokerage_account_id', type: 'text', nullable: true })
  brokerageAccountId: string | null;

  /** Dollars, written when a brokerage trade closes. */
  @Column({ name: 'realized_pnl', type: 'numeric', nullable: true })
  realizedPnl: string | null;

  @Column({ name: 'shared_at', type: 'timestamptz', nullable: true })
  sharedAt: Date | null;

  /** Copies of this trade that opened, kept from the copy engine's CopyOpened (modules/copy-counts). */
  @Column({ name: 'copy_count', type: 'integer', default: 0 })
  copyCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
