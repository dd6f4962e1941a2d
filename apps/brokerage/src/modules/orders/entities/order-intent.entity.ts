import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { OrderIntentState, TimeInForce } from '@copytrade/contracts';

/**
 * One order placement, stored as SUBMITTING and committed before the provider is called; UNIQUE(user_id,
 * request_id) makes a repeated request id find it instead of placing a second order.
 */
@Entity({ name: 'order_intents' })
export class OrderIntentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'request_id', type: 'text' })
  requestId: string;

  /** SHA-256 of the normalized order and account: the same id with another body is refused. */
  @Column({ type: 'text' })
  fingerprint: string;

  @Column({ name: 'account_id', type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  provider: string;

  @Column({ name: 'client_order_id', type: 'uuid' })
  clientOrderId: string;

  @Column({ type: 'text' })
  action: 'BUY' | 'SELL';

  @Column({ type: 'text' })
  symbol: string;

  @Column({ type: 'numeric', precision: 24, scale: 8 })
  quantity: string;

  /** A limit order's limit per share (per contract unit for options); null for a market order. */
  @Column({ name: 'limit_price', type: 'numeric', precision: 14, scale: 4, nullable: true })
  limitPrice: string | null;

  /** A limit order's time in force; null for a market order. */
  @Column({ name: 'time_in_force', type: 'text', nullable: true })
  timeInForce: TimeInForce | null;

  /** The normalized order as sent (option details included). */
  @Column({ type: 'jsonb' })
  order: unknown;

  @Column({ type: 'text' })
  state: OrderIntentState;

  @Column({ name: 'provider_order_id', type: 'text', nullable: true })
  providerOrderId: string | null;

  @Column({ name: 'provider_status', type: 'text', nullable: true })
  providerStatus: string | null;

  @Column({ name: 'filled_quantity', type: 'numeric', precision: 24, scale: 8, nullable: true })
  filledQuantity: string | null;

  /** Average price of the filled units. */
  @Column({ name: 'execution_price', type: 'numeric', precision: 20, scale: 6, nullable: true })
  executionPrice: string | null;

  /**
   * When the order executed, by the brokerage's own record (SnapTrade's time_executed, the paper broker's fill);
   * when it gives none, the first moment a fill of it was seen here. Null while nothing is filled.
   */
  @Column({ name: 'executed_at', type: 'timestamptz', nullable: true })
  executedAt: Date | null;

  /** The brokerage will not change this order any more. */
  @Column({ name: 'is_final', type: 'boolean', default: false })
  isFinal: boolean;

  /** Looks at the open order that found no change since its last change (the tracker's back-off). */
  @Column({ name: 'track_attempts', type: 'integer', default: 0 })
  trackAttempts: number;

  /** When the tracker looks at this open order next (null once final). */
  @Column({ name: 'next_check_at', type: 'timestamptz', nullable: true })
  nextCheckAt: Date | null;

  /** The refusal, replayed as the same error for a repeated request id. */
  @Column({ name: 'error', type: 'jsonb', nullable: true })
  error: { status: number; code: string; message: string; details?: unknown } | null;

  @Column({ name: 'reconcile_attempts', type: 'integer', default: 0 })
  reconcileAttempts: number;

  @Column({ name: 'last_reconciled_at', type: 'timestamptz', nullable: true })
  lastReconciledAt: Date | null;

  /** Why the last reconciliation could not settle the intent (shown to admins). */
  @Column({ name: 'reconcile_note', type: 'text', nullable: true })
  reconcileNote: string | null;

  /** A batch's order for a rate-limited provider: QUEUED for the dispatcher, SENDING once claimed; null otherwise. */
  @Column({ name: 'dispatch_state', type: 'text', nullable: true })
  dispatchState: 'QUEUED' | 'SENDING' | null;

  /** When a dispatcher claimed it for sending (the order reached the provider, if at all, from then on). */
  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
