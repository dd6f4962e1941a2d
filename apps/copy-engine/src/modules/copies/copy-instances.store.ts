import { returnedRows, selectList, type ColumnMap, type EventMeta, type OutboxWriter } from '@copytrade/nest';
import type { CopyableTradeView } from '@copytrade/contracts';
import type { EntityManager } from 'typeorm';
import { announceNotPlaced, NOT_PLACED_COLUMNS, type NotPlacedCopy } from './not-placed-copies';
import { claimDuePending } from './pending-sweeper';

export type CopyStatus = 'PENDING' | 'OPEN' | 'FAILED' | 'CLOSED';

/** Where an automatic copy came from: the trade's share, or a position already open when copying began. */
export type CopyOrigin = 'shared' | 'open_position';

/** One row of copy_engine.copy_instances (numbers as decimal text, exactly as stored). */
export interface CopyRecord {
  id: string;
  userId: string;
  requestId: string;
  requestHash: string;
  originalTradeId: string;
  traceId: string;
  traderUserId: string;
  traceName: string;
  traceHandle: string;
  traceAvatar: string | null;
  placement: 'manual' | 'automatic';
  status: CopyStatus;
  awaitingConfirmation: boolean;
  orderState: string | null;
  symbol: string;
  side: 'buy' | 'sell';
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: string | null;
  expirationDate: string | null;
  contractMultiplier: number;
  quantityRequested: string;
  quantityFilled: string;
  entryPrice: string | null;
  copyAmount: string;
  /** Null only for an automatic copy whose order has not been answered yet (the brokerage resolves the primary). */
  brokerageAccountId: string | null;
  brokerageOrderId: string | null;
  failureCode: string | null;
  failureReason: string | null;
  traderPrice: string;
  traderSharedAt: Date | null;
  filledAt: Date | null;
  exitPrice: string | null;
  realizedPnl: string | null;
  closedAt: Date | null;
  /** A brokerage call for it is under way (until then). */
  inFlightUntil: Date | null;
  createdAt: Date;
  /** The last price read for it (refresh-price), and when. */
  currentPrice: string | null;
  priceUpdatedAt: Date | null;
  /** Units of it sold or being sold (its FILLED sells' fills and PENDING sells' quantities). */
  soldQuantity: string;
  /** The live quote it was sized and capped against, and when (null: recorded before quotes were taken). */
  sizingPrice: string | null;
  sizingQuotedAt: Date | null;
  /** The follower's maximum copy amount when it was placed (null: none set). */
  maxCopyAmount: string | null;
  /** The limit of its price-protected order (null: a market order). */
  limitPrice: string | null;
  /** Where an automatic copy came from (null: a manual copy, or one recorded before origins were). */
  origin: CopyOrigin | null;
  /** A PENDING automatic copy refused as the market was closed, waiting for this open (null: not waiting). */
  queuedUntil: Date | null;
  /** For a CLOSED copy: the request id of its last filled sell and its recorded closes (who sold it); else null. */
  closing: CopyClosing | null;
  /** For an OPEN copy: the keyed close that gave up selling it (none under way since), else null. */
  closeGaveUp: CopyCloseGaveUp | null;
}

/** A keyed close refused at every attempt it was allowed: why the copy is still open. */
export interface CopyCloseGaveUp {
  reason: 'trader_sell' | 'stop_loss' | 'kill_switch';
  attempts: number;
  refusal: string | null;
}

/** A closed copy's last filled sell and the keyed closes recorded for it (auto_copy_closes). */
export interface CopyClosing {
  sellRequestId: string | null;
  closes: Array<{
    eventId: string;
    reason: 'trader_sell' | 'stop_loss' | 'kill_switch';
    lossPercent: string | null;
    /** Sell attempts made (each under its own request id). */
    attempt: number;
  }>;
}

export const TABLE = 'copy_engine.copy_instances';

/** How each field of a CopyRecord is read (numbers as text, dates as YYYY-MM-DD): the table's one select list. */
export const COPY_COLUMNS: ColumnMap<CopyRecord> = {
  id: 'id',
  userId: 'user_id',
  requestId: 'request_id',
  requestHash: 'request_hash',
  originalTradeId: 'original_trade_id',
  traceId: 'trace_id',
  traderUserId: 'trader_user_id',
  traceName: 'trace_name',
  traceHandle: 'trace_handle',
  traceAvatar: 'trace_avatar',
  placement: 'placement',
  status: 'status',
  awaitingConfirmation: 'awaiting_confirmation',
  orderState: 'order_state',
  symbol: 'symbol',
  side: 'side',
  isOptions: 'is_options',
  optionType: 'option_type',
  optionsTicker: 'options_ticker',
  strikePrice: 'strike_price::text',
  expirationDate: "to_char(expiration_date, 'YYYY-MM-DD')",
  contractMultiplier: 'contract_multiplier',
  quantityRequested: 'quantity_requested::text',
  quantityFilled: 'quantity_filled::text',
  entryPrice: 'entry_price::text',
  copyAmount: 'copy_amount::text',
  brokerageAccountId: 'brokerage_account_id',
  brokerageOrderId: 'brokerage_order_id',
  failureCode: 'failure_code',
  failureReason: 'failure_reason',
  traderPrice: 'trader_price::text',
  traderSharedAt: 'trader_shared_at',
  filledAt: 'filled_at',
  exitPrice: 'exit_price::text',
  realizedPnl: 'realized_pnl::text',
  closedAt: 'closed_at',
  inFlightUntil: 'in_flight_until',
  createdAt: 'created_at',
  currentPrice: 'current_price::text',
  priceUpdatedAt: 'price_updated_at',
  sizingPrice: 'sizing_price::text',
  sizingQuotedAt: 'sizing_quoted_at',
  maxCopyAmount: 'max_copy_amount::text',
  limitPrice: 'limit_price::text',
  origin: 'origin',
  queuedUntil: 'queued_until',
  soldQuantity: `(SELECT coalesce(sum(CASE sell.status WHEN 'FILLED' THEN sell.filled_quantity WHEN 'PENDING' THEN sell.quantity
                       ELSE 0 END), 0)
     FROM copy_engine.copy_sells sell WHERE sell.copy_id = copy_instances.id)::text`,
  closing: `CASE WHEN copy_instances.status = 'CLOSED' THEN json_build_object(
    'sellRequestId', (SELECT sell.request_id FROM copy_engine.copy_sells sell
                       WHERE sell.copy_id = copy_instances.id AND sell.status = 'FILLED'
                       ORDER BY sell.filled_at DESC NULLS LAST, sell.created_at DESC LIMIT 1),
    'closes', coalesce((SELECT json_agg(json_build_object('eventId', guard_close.event_id, 'reason', guard_close.reason,
                                                          'lossPercent', guard_close.loss_percent::text,
                                                          'attempt', guard_close.attempt))
                          FROM copy_engine.auto_copy_closes guard_close WHERE guard_close.copy_id = copy_instances.id), '[]'))
  END`,
  closeGaveUp: `CASE WHEN copy_instances.status = 'OPEN' THEN (
    SELECT json_build_object('reason', given_up.reason, 'attempts', given_up.attempt, 'refusal', given_up.last_refusal)
      FROM copy_engine.auto_copy_closes given_up
     WHERE given_up.copy_id = copy_instances.id AND given_up.status = 'GAVE_UP'
       AND NOT EXISTS (SELECT 1 FROM copy_engine.auto_copy_closes under_way
                        WHERE under_way.copy_id = copy_instances.id AND under_way.status = 'PENDING')
     ORDER BY given_up.updated_at DESC LIMIT 1)
  END`,
};

export const COLUMNS = selectList(COPY_COLUMNS);

export async function findCopyByRequest(
  manager: EntityManager,
  userId: string,
  requestId: string,
  lock = false,
): Promise<CopyRecord | null> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM ${TABLE} WHERE user_id = $1 AND request_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [userId, requestId],
  )) as CopyRecord[];
  return rows[0] ?? null;
}

export async function findCopyById(manager: EntityManager, id: string, lock = false): Promise<CopyRecord | null> {
  const rows = (await manager.query(`SELECT ${COLUMNS} FROM ${TABLE} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ])) as CopyRecord[];
  return rows[0] ?? null;
}

/** The user's copy of a trade that counts (not FAILED): at most one, by the partial unique index. */
export async function findLiveCopyOfTrade(
  manager: EntityManager,
  userId: string,
  originalTradeId: string,
): Promise<CopyRecord | null> {
  const rows = (await manager.query(
    `SELECT ${COLUMNS} FROM ${TABLE} WHERE user_id = $1 AND original_trade_id = $2 AND status <> 'FAILED'`,
    [userId, originalTradeId],
  )) as CopyRecord[];
  return rows[0] ?? null;
}

/** The fields a copy takes from the shared trade it copies: its trace as shown, and the instrument. */
export type CopiedTradeFields = Pick<
  CopyRecord,
  | 'traceName'
  | 'traceHandle'
  | 'traceAvatar'
  | 'symbol'
  | 'side'
  | 'isOptions'
  | 'optionType'
  | 'optionsTicker'
  | 'strikePrice'
  | 'expirationDate'
  | 'contractMultiplier'
>;

export const copiedTradeFieldsOf = (trade: CopyableTradeView): CopiedTradeFields => ({
  traceName: trade.traceName,
  traceHandle: trade.traceHandle,
  traceAvatar: trade.traceAvatar,
  symbol: trade.symbol,
  side: trade.side,
  isOptions: trade.isOptions,
  optionType: trade.optionType,
  optionsTicker: trade.optionsTicker,
  strikePrice: trade.strikePrice,
  expirationDate: trade.expirationDate,
  contractMultiplier: trade.contractMultiplier,
});

export type NewCopy = CopiedTradeFields &
  Pick<
    CopyRecord,
    | 'userId'
    | 'requestId'
    | 'requestHash'
    | 'originalTradeId'
    | 'traceId'
    | 'traderUserId'
    | 'placement'
    | 'quantityRequested'
    | 'brokerageAccountId'
    | 'traderPrice'
    | 'traderSharedAt'
    | 'sizingPrice'
    | 'sizingQuotedAt'
    | 'maxCopyAmount'
    | 'limitPrice'
  >;

/**
 * Records the copy PENDING, its brokerage call leased to the caller for `leaseMs`, in a statement of its own
 * (committed before the brokerage is called). Answers the new row, or null when (user, request id) already exists —
 * whoever inserted first owns the call. A live copy of the same trade under another request id fails with the
 * partial unique index (23505 copy_instances_one_copy_per_trade_idx), for the caller to map.
 */
export async function insertPendingCopy(
  manager: EntityManager,
  copy: NewCopy,
  leaseMs: number,
): Promise<CopyRecord | null> {
  const rows = (await manager.query(
    `INSERT INTO ${TABLE} (user_id, request_id, request_hash, original_trade_id, trace_id, trader_user_id, trace_name,
        trace_handle, trace_avatar, placement, symbol, side, is_options, option_type, options_ticker, strike_price,
        expiration_date, contract_multiplier, quantity_requested, brokerage_account_id, trader_price, trader_shared_at,
        sizing_price, sizing_quoted_at, max_copy_amount, limit_price, in_flight_until, next_attempt_at, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
        $24, $25, $26, $27,
        now() + make_interval(secs => $23::float8 / 1000), now() + make_interval(secs => $23::float8 / 1000), 1)
     ON CONFLICT (user_id, request_id) DO NOTHING
     RETURNING id`,
    [
      copy.userId,
      copy.requestId,
      copy.requestHash,
      copy.originalTradeId,
      copy.traceId,
      copy.traderUserId,
      copy.traceName,
      copy.traceHandle,
      copy.traceAvatar,
      copy.placement,
      copy.symbol,
      copy.side,
      copy.isOptions,
      copy.optionType,
      copy.optionsTicker,
      copy.strikePrice,
      copy.expirationDate,
      copy.contractMultiplier,
      copy.quantityRequested,
      copy.brokerageAccountId,
      copy.traderPrice,
      copy.traderSharedAt,
      leaseMs,
      copy.sizingPrice,
      copy.sizingQuotedAt,
      copy.maxCopyAmount,
      copy.limitPrice,
    ],
  )) as Array<{ id: string }>;
  return rows[0] ? findCopyById(manager, rows[0].id) : null;
}

/**
 * Takes the brokerage call of a PENDING copy whose lease is free (none, or expired: its holder crashed or gave up):
 * one caller wins, atomically, for every replica. Answers whether the caller now holds it.
 */
export async function claimBrokerageCall(manager: EntityManager, id: string, leaseMs: number): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      `UPDATE ${TABLE} SET in_flight_until = now() + make_interval(secs => $2::float8 / 1000),
            next_attempt_at = now() + make_interval(secs => $2::float8 / 1000), attempts = attempts + 1,
            updated_at = now()
      WHERE id = $1 AND status = 'PENDING' AND (in_flight_until IS NULL OR in_flight_until <= now())
      RETURNING id`,
      [id, leaseMs],
    ),
  );
  return rows.length > 0;
}

/**
 * The PENDING copies the sweeper should ask the brokerage about again, their calls claimed for this replica (SKIP
 * LOCKED: replicas share them without doubling).
 */
export function claimDueCopies(manager: EntityManager, limit: number, leaseMs: number): Promise<string[]> {
  return claimDuePending(manager, TABLE, limit, leaseMs);
}

/**
 * The brokerage answered without a fill (accepted and working, or its outcome unknown): the call is released, the
 * brokerage's order id and state kept, and the sweeper asks again after a backoff that grows with the attempts
 * (10 s, 20 s, 40 s … at most 10 min) — until the fill, the refusal or a person settles it; never failed by a timer.
 */
export async function releasePendingCopy(
  manager: EntityManager,
  id: string,
  update: { orderState: string; brokerageOrderId: string | null; awaitingConfirmation: boolean },
): Promise<void> {
  await releasePendingCopies(manager, [{ id, ...update }]);
}

/** releasePendingCopy for many copies in one statement (an automatic batch); the account noted where it was not. */
export async function releasePendingCopies(
  manager: EntityManager,
  updates: Array<{
    id: string;
    orderState: string;
    brokerageOrderId: string | null;
    awaitingConfirmation: boolean;
    brokerageAccountId?: string | null;
  }>,
): Promise<void> {
  if (updates.length === 0) return;
  await manager.query(
    `UPDATE ${TABLE} c SET in_flight_until = NULL, order_state = u.order_state,
            brokerage_order_id = coalesce(u.order_id, c.brokerage_order_id),
            brokerage_account_id = coalesce(c.brokerage_account_id, u.account_id),
            awaiting_confirmation = u.awaiting,
            next_attempt_at = now() + make_interval(secs => least(600, 10 * power(2, least(greatest(c.attempts, 1), 10) - 1))),
            updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::boolean[], $5::text[])
            AS u(id, order_state, order_id, awaiting, account_id)
      WHERE c.id = u.id AND c.status = 'PENDING'`,
    [
      updates.map((update) => update.id),
      updates.map((update) => update.orderState),
      updates.map((update) => update.brokerageOrderId),
      updates.map((update) => update.awaitingConfirmation),
      updates.map((update) => update.brokerageAccountId ?? null),
    ],
  );
}

/** The brokerage could not be reached (503, no responder): released, to be asked again soon with the same id. */
export async function releaseUnansweredCopy(manager: EntityManager, id: string): Promise<void> {
  await manager.query(
    `UPDATE ${TABLE} SET in_flight_until = NULL,
            next_attempt_at = now() + make_interval(secs => least(600, 5 * power(2, least(attempts, 10) - 1))),
            updated_at = now()
      WHERE id = $1 AND status = 'PENDING'`,
    [id],
  );
}

/** Why a copy placed nothing, and what its order came to (when it was sent). */
export interface CopyFailure {
  id: string;
  code: string;
  reason: string;
  orderState?: string | null;
  brokerageOrderId?: string | null;
  brokerageAccountId?: string | null;
}

/**
 * Copies that placed nothing (refused, canceled, expired, rejected): FAILED with the reason, only while PENDING, in
 * one statement whatever their number, with a CopyFailed (or CopySkipped, a guard's) for each in the caller's
 * transaction. A copy no longer PENDING (failed or settled already: a retry, a redelivery) is left as it is and not
 * announced again. Answers the copies it failed.
 */
export async function failCopies(
  manager: EntityManager,
  outbox: OutboxWriter,
  failures: CopyFailure[],
  meta: Omit<EventMeta, 'aggregateId'>,
): Promise<NotPlacedCopy[]> {
  if (failures.length === 0) return [];
  const failed = returnedRows<NotPlacedCopy>(
    await manager.query(
      `UPDATE ${TABLE} c SET status = 'FAILED', failure_code = f.code, failure_reason = f.reason, in_flight_until = NULL,
              next_attempt_at = NULL, awaiting_confirmation = false, order_state = coalesce(f.order_state, c.order_state),
              brokerage_order_id = coalesce(f.order_id, c.brokerage_order_id),
              brokerage_account_id = coalesce(c.brokerage_account_id, f.account_id), updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
              AS f(id, code, reason, order_state, order_id, account_id)
        WHERE c.id = f.id AND c.status = 'PENDING'
        RETURNING ${selectList(NOT_PLACED_COLUMNS, 'c')}`,
      [
        failures.map((failure) => failure.id),
        failures.map((failure) => failure.code),
        failures.map((failure) => failure.reason),
        failures.map((failure) => failure.orderState ?? null),
        failures.map((failure) => failure.brokerageOrderId ?? null),
        failures.map((failure) => failure.brokerageAccountId ?? null),
      ],
    ),
  );
  await announceNotPlaced(manager, outbox, failed, meta);
  return failed;
}

/** What a fill opens a copy with (the caller holds the row locked and writes CopyOpened). */
export interface CopyOpening {
  id: string;
  quantity: string;
  price: string;
  amount: string;
  brokerageOrderId: string | null;
  orderState: string;
  filledAt: Date;
  /** The account the order went to, noted where the copy did not name one yet (an automatic copy). */
  brokerageAccountId?: string | null;
}

/**
 * Copies filled (all or part of each): OPEN with what filled, in one statement whatever their number. Only a PENDING
 * copy opens: an open copy's entry price and fill time are the brokerage's first fill's, never written again.
 */
export async function openCopies(manager: EntityManager, openings: CopyOpening[]): Promise<void> {
  if (openings.length === 0) return;
  await manager.query(
    `UPDATE ${TABLE} c SET status = 'OPEN', quantity_filled = f.quantity, entry_price = f.price, copy_amount = f.amount,
            brokerage_order_id = coalesce(f.order_id, c.brokerage_order_id), order_state = f.order_state,
            filled_at = f.filled_at, brokerage_account_id = coalesce(c.brokerage_account_id, f.account_id),
            awaiting_confirmation = false, in_flight_until = NULL, next_attempt_at = NULL, failure_reason = NULL,
            failure_code = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::numeric[], $3::numeric[], $4::numeric[], $5::text[], $6::text[], $7::timestamptz[],
                   $8::text[]) AS f(id, quantity, price, amount, order_id, order_state, filled_at, account_id)
      WHERE c.id = f.id AND c.status = 'PENDING'`,
    [
      openings.map((opening) => opening.id),
      openings.map((opening) => opening.quantity),
      openings.map((opening) => opening.price),
      openings.map((opening) => opening.amount),
      openings.map((opening) => opening.brokerageOrderId),
      openings.map((opening) => opening.orderState),
      openings.map((opening) => opening.filledAt),
      openings.map((opening) => opening.brokerageAccountId ?? null),
    ],
  );
}

/**
 * More of an open copy's order filled (a partial fill that went on): its quantity, the brokerage's average price and
 * the amount. Its fill time stays the first fill's.
 */
export async function growOpenCopy(
  manager: EntityManager,
  id: string,
  fill: { quantity: string; price: string; amount: string; orderState: string },
): Promise<void> {
  await manager.query(
    `UPDATE ${TABLE} SET quantity_filled = $2, entry_price = $3, copy_amount = $4, order_state = $5, updated_at = now()
      WHERE id = $1 AND status = 'OPEN'`,
    [id, fill.quantity, fill.price, fill.amount, fill.orderState],
  );
}

/** One page of a user's copies, newest first (the user's own only: user_id is the first condition). */
export async function listUserCopies(
  manager: EntityManager,
  userId: string,
  page: { status?: CopyStatus; limit: number; offset: number },
): Promise<{ copies: CopyRecord[]; total: number }> {
  const params: unknown[] = [userId];
  let where = 'user_id = $1';
  if (page.status) {
    params.push(page.status);
    where += ` AND status = $${params.length}`;
  }
  const [{ total }] = (await manager.query(`SELECT count(*)::int AS total FROM ${TABLE} WHERE ${where}`, params)) as [
    { total: number },
  ];
  const copies = (await manager.query(
    `SELECT ${COLUMNS} FROM ${TABLE} WHERE ${where} ORDER BY created_at DESC, id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  )) as CopyRecord[];
  return { copies, total };
}

/** Every open and closed copy of a user (the performance summary's input; pending and failed hold no money). */
export async function userCopiesWithMoney(manager: EntityManager, userId: string): Promise<CopyRecord[]> {
  return (await manager.query(`SELECT ${COLUMNS} FROM ${TABLE} WHERE user_id = $1 AND status IN ('OPEN', 'CLOSED')`, [
    userId,
  ])) as CopyRecord[];
}

/** The last price read for an open copy. */
export async function setCopyCurrentPrice(manager: EntityManager, id: string, price: string): Promise<void> {
  await manager.query(
    `UPDATE ${TABLE} SET current_price = $2, price_updated_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'OPEN'`,
    [id, price],
  );
}

/** OPEN → CLOSED at the brokerage's exit price; the caller holds the row locked and writes CopyClosed. */
export async function closeCopyRow(
  manager: EntityManager,
  id: string,
  close: {
    exitPrice: string;
    realizedPnl: string;
    sellOrderId: string | null;
    clientExitPrice: string | null;
    closedAt: Date;
  },
): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      `UPDATE ${TABLE} SET status = 'CLOSED', exit_price = $2, realized_pnl = $3, sell_order_id = $4,
              client_exit_price = $5, closed_at = $6, updated_at = now()
        WHERE id = $1 AND status = 'OPEN'
        RETURNING id`,
      [id, close.exitPrice, close.realizedPnl, close.sellOrderId, close.clientExitPrice, close.closedAt],
    ),
  );
  return rows.length > 0;
}
