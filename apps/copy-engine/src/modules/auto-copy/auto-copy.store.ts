import { returnedRows, selectList } from '@copytrade/nest';
import type { CopyableTradeView } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import {
  COLUMNS,
  COPY_COLUMNS,
  copiedTradeFieldsOf,
  TABLE,
  type CopiedTradeFields,
  type CopyOrigin,
  type CopyRecord,
} from '../copies/copy-instances.store';
import { FOLLOWER_SETTINGS, FOLLOWER_SETTINGS_COLUMNS } from '../follower-settings/follower-settings.store';

/** The shared trade every automatic copy of one TradeShared copies, and its receipt. */
export interface AutoCopyTrade extends CopiedTradeFields {
  tradeId: string;
  traceId: string;
  traderUserId: string;
  traderPrice: string;
  traderSharedAt: Date;
  /** Where the copies come from ('shared' when not said: the fan-out of the trade's share). */
  origin?: CopyOrigin;
}

/**
 * A shared trade as its automatic copies record it, with their receipt's trader price and time (a fan-out: the
 * event's entry price and share time; a copied open position: the entry price and when copying began).
 */
export function autoCopyTradeOf(
  trade: CopyableTradeView,
  receipt: Pick<AutoCopyTrade, 'traderPrice' | 'traderSharedAt' | 'origin'>,
): AutoCopyTrade {
  return {
    tradeId: trade.id,
    traceId: trade.traceId,
    traderUserId: trade.ownerUserId,
    ...copiedTradeFieldsOf(trade),
    ...receipt,
  };
}

/** One follower's automatic copy as the fan-out decided it: to place (PENDING), or not placed (FAILED, why). */
export interface AutoCopyDecision {
  userId: string;
  requestId: string;
  quantity: string;
  /** The follower's maximum copy amount it was capped by (null: none). */
  maxCopyAmount: string | null;
  /** The limit of its price-protected order (null: a market order). */
  limitPrice: string | null;
  failure: { code: string; reason: string } | null;
}

/** The live quote a page of automatic copies was sized against (null: none could be had; the copies not placed). */
export interface PageQuote {
  price: { toFixed(): string };
  quotedAt: Date;
}

/** A follower with copy trading on, and what sizes their copy. */
export interface CopyingFollower {
  userId: string;
  defaultCopyAmount: string | null;
  maxCopyAmount: string | null;
}

/** Of these users, those whose projected settings have copy trading on (no row: off). */
export async function followersCopying(manager: EntityManager, userIds: string[]): Promise<CopyingFollower[]> {
  if (userIds.length === 0) return [];
  const { userId, defaultCopyAmount, maxCopyAmount } = FOLLOWER_SETTINGS_COLUMNS;
  return (await manager.query(
    `SELECT ${selectList<CopyingFollower>({ userId, defaultCopyAmount, maxCopyAmount })}
       FROM ${FOLLOWER_SETTINGS} WHERE user_id = ANY($1::uuid[]) AND copy_trading_enabled`,
    [userIds],
  )) as CopyingFollower[];
}

/**
 * Records a page of automatic copies in one statement (INSERT … SELECT FROM unnest): PENDING ones with no order
 * asked for yet (no lease, no next attempt: the placement workers claim them, the manual sweeper does not), FAILED
 * ones with their reason; each with the page's live quote and its follower's cap on its receipt. ON CONFLICT DO NOTHING: a follower's (user, request id) — the event's id and the follower —
 * exists once whatever redelivers the event, and a follower who already holds a copy of the trade (the one-copy
 * index) is not given a second. Answers the copies it recorded.
 */
export async function recordAutomaticCopies(
  manager: EntityManager,
  trade: AutoCopyTrade,
  requestHash: string,
  decisions: AutoCopyDecision[],
  quote: PageQuote | null,
): Promise<RecordedAutoCopy[]> {
  if (decisions.length === 0) return [];
  const { id, userId, failureCode, failureReason } = COPY_COLUMNS;
  return (await manager.query(
    `INSERT INTO ${TABLE} (user_id, request_id, request_hash, original_trade_id, trace_id, trader_user_id, trace_name,
        trace_handle, trace_avatar, placement, status, symbol, side, is_options, option_type, options_ticker,
        strike_price, expiration_date, contract_multiplier, quantity_requested, brokerage_account_id, trader_price,
        trader_shared_at, failure_code, failure_reason, attempts, sizing_price, sizing_quoted_at, max_copy_amount,
        limit_price, origin)
     SELECT d.user_id, d.request_id, $7, $8, $9, $10, $11, $12, $13, 'automatic',
            CASE WHEN d.failure_code IS NULL THEN 'PENDING' ELSE 'FAILED' END,
            $14, $15, $16, $17, $18, $19, $20, $21, d.quantity, NULL, $22, $23, d.failure_code, d.failure_reason, 0,
            $24::numeric, $25::timestamptz, d.max_copy_amount, d.limit_price, $28
       FROM unnest($1::uuid[], $2::text[], $3::numeric[], $4::text[], $5::text[], $6::int[], $26::numeric[],
                   $27::numeric[])
            AS d(user_id, request_id, quantity, failure_code, failure_reason, n, max_copy_amount, limit_price)
      ORDER BY d.n
     ON CONFLICT DO NOTHING
     RETURNING ${selectList<RecordedAutoCopy>({ id, userId, failureCode, failureReason })}`,
    [
      decisions.map((decision) => decision.userId),
      decisions.map((decision) => decision.requestId),
      decisions.map((decision) => decision.quantity),
      decisions.map((decision) => decision.failure?.code ?? null),
      decisions.map((decision) => decision.failure?.reason ?? null),
      decisions.map((_, index) => index),
      requestHash,
      trade.tradeId,
      trade.traceId,
      trade.traderUserId,
      trade.traceName,
      trade.traceHandle,
      trade.traceAvatar,
      trade.symbol,
      trade.side,
      trade.isOptions,
      trade.optionType,
      trade.optionsTicker,
      trade.strikePrice,
      trade.expirationDate,
      trade.contractMultiplier,
      trade.traderPrice,
      trade.traderSharedAt,
      quote?.price.toFixed() ?? null,
      quote?.quotedAt ?? null,
      decisions.map((decision) => decision.maxCopyAmount),
      decisions.map((decision) => decision.limitPrice),
      trade.origin ?? 'shared',
    ],
  )) as RecordedAutoCopy[];
}

/** A copy recordAutomaticCopies inserted (a redelivery's repeats are not among them). */
export interface RecordedAutoCopy {
  id: string;
  userId: string;
  failureCode: string | null;
  failureReason: string | null;
}

/**
 * Claims up to `limit` automatic copies whose order has not been asked for (PENDING, no order state) and whose lease
 * is free — never taken, or left by a worker that crashed or gave up — leasing them to the caller for `leaseMs`.
 * Copies queued for the market open are not among them until sized at the open (market-open-queue).
 * FOR UPDATE SKIP LOCKED: concurrent workers and replicas take disjoint batches without waiting on each other.
 */
export async function claimUnplacedAutomaticCopies(
  manager: EntityManager,
  limit: number,
  leaseMs: number,
): Promise<CopyRecord[]> {
  return returnedRows<CopyRecord>(
    await manager.query(
      `UPDATE ${TABLE} SET in_flight_until = now() + make_interval(secs => $2::float8 / 1000),
              attempts = attempts + 1, updated_at = now()
        WHERE id IN (SELECT id FROM ${TABLE}
                      WHERE status = 'PENDING' AND placement = 'automatic' AND order_state IS NULL
                        AND queued_until IS NULL AND (in_flight_until IS NULL OR in_flight_until <= now())
                      ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
      [limit, leaseMs],
    ),
  );
}

/**
 * Automatic copies whose batch went unanswered (the brokerage unreachable, no reply in time, an order still in
 * flight there): still unplaced as far as we know, so asked again — with the same request ids, which the brokerage
 * answers with the first order if it did place one — once `retryMs` has passed.
 */
export async function retryUnplacedAutomaticCopies(manager: EntityManager, ids: string[], retryMs: number) {
  if (ids.length === 0) return;
  await manager.query(
    `UPDATE ${TABLE} SET in_flight_until = now() + make_interval(secs => $2::float8 / 1000), updated_at = now()
      WHERE id = ANY($1::uuid[]) AND status = 'PENDING' AND order_state IS NULL`,
    [ids, retryMs],
  );
}
