import { IsString, IsUUID, MaxLength } from 'class-validator';
import type { TierName } from '../../http/traces/traces.rules';
import { rpcCallOf } from '../rpc-call';

/**
 * May this user copy this trade? Asked by the copy engine before it places a copy. Answers the trade as a copy needs
 * it, and the user's right to copy it; each refusal is a DomainException with a CopyTradeErrorCode, checked in this
 * order: the trade exists (404 TRADE_NOT_FOUND), is shared (409 TRADE_NOT_SHARED) and open (409 TRADE_CLOSED); the
 * user owns the trace, or the trace allows copying (403 COPYING_DISABLED) and the user has an active subscription
 * (403 SUBSCRIPTION_REQUIRED) whose tier ranks at or above the trade's (403 TIER_TOO_LOW) and has canCopyTrades
 * (403 TIER_CANNOT_COPY). The actor must be `userId` (403 otherwise).
 */
export const TracesCopyEligibilityRpc = {
  check: 'rpc.traces.copy-eligibility.check',
} as const;

export class CopyEligibilityRpcPayload {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;

  /** Any text: one that is not a trade's id is answered 404 TRADE_NOT_FOUND. */
  @IsString()
  @MaxLength(64)
  tradeId: string;
}
export class CopyEligibilityRpcCall extends rpcCallOf(CopyEligibilityRpcPayload) {}

/** The trade as a copy needs it. Prices per share (options: per share of the contract, × contractMultiplier). */
export interface CopyableTradeView {
  id: string;
  traceId: string;
  traceName: string;
  traceHandle: string;
  traceAvatar: string | null;
  ownerUserId: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Decimal text: shares, or contracts for an option. */
  quantity: string;
  /** Decimal text: the trader's entry price per share. */
  entryPrice: string;
  /** Decimal text: the latest price the trace holds for it, per share. */
  currentPrice: string;
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: string | null;
  /** YYYY-MM-DD. */
  expirationDate: string | null;
  contractMultiplier: number;
  requiredTier: TierName | null;
  sharedAt: string | null;
}

export interface CopyEligibilityRpcReply {
  trade: CopyableTradeView;
  /** Why the user may copy it: they own the trace, or their active subscription's tier allows it. */
  access: { role: 'owner' } | { role: 'subscriber'; tier: TierName };
}
