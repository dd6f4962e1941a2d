import { returnedRows, selectList } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import {
  AUTO_COPY_CLOSE_COLUMNS,
  AUTO_COPY_CLOSE_STATE_COLUMNS,
  type AutoCopyClose,
  type AutoCopyCloseState,
} from '../copies/copy-closes.columns';
import type { CloseReason } from '../copies/copy-closed-by';
import { TABLE } from '../copies/copy-instances.store';
import { FOLLOWER_SETTINGS } from '../follower-settings/follower-settings.store';

const CLOSES = 'copy_engine.auto_copy_closes';

/** The copy id of a close, as the statements that answer which copies they recorded or gave up return it. */
const COPY_ID = selectList<Pick<AutoCopyClose, 'copyId'>>({ copyId: AUTO_COPY_CLOSE_COLUMNS.copyId });

/**
 * The trade's automatic copies, open or still pending, of followers who turned 'close my automatic copies when the
 * trader sells' on: one row each for this event (ON CONFLICT DO NOTHING: a redelivery adds none). Answers how many.
 */
export async function recordAutoCopyCloses(manager: EntityManager, eventId: string, tradeId: string): Promise<number> {
  const rows = (await manager.query(
    `INSERT INTO ${CLOSES} (event_id, copy_id, user_id)
     SELECT $1, copy.id, copy.user_id
       FROM ${TABLE} copy
       JOIN ${FOLLOWER_SETTINGS} settings
         ON settings.user_id = copy.user_id AND settings.close_auto_copies_on_trader_sell
      WHERE copy.original_trade_id = $2 AND copy.placement = 'automatic' AND copy.status IN ('OPEN', 'PENDING')
     ON CONFLICT DO NOTHING
     RETURNING copy_id`,
    [eventId, tradeId],
  )) as unknown[];
  return rows.length;
}

/**
 * Keyed closes (reason stop_loss or kill_switch, under the decision `eventId`) of a follower's copies, in the
 * transaction of the guard's firing: of one trace (the stop-loss: manual and automatic), or every automatic one (the
 * kill switch). Open copies are sold by the closer; copies still PENDING — their order sent, not filled (the guards
 * skip unsent automatic copies first, in the same transaction) — are sold once their fill opens them
 * (startClosesAtFill), and need nothing if it never comes. A copy that already has a close under way is left to it.
 * Answers the copies recorded (a repeat of the same decision records none).
 */
export async function recordGuardCloses(
  manager: EntityManager,
  decision: {
    eventId: string;
    userId: string;
    reason: Exclude<CloseReason, 'trader_sell'>;
    traceId?: string;
    lossPercent?: string;
  },
): Promise<string[]> {
  const rows = (await manager.query(
    `INSERT INTO ${CLOSES} (event_id, copy_id, user_id, reason, loss_percent)
     SELECT $1, copy.id, copy.user_id, $3, $5
       FROM ${TABLE} copy
      WHERE copy.user_id = $2 AND copy.status IN ('OPEN', 'PENDING')
        AND ($4::uuid IS NULL OR copy.trace_id = $4)
        AND ($4::uuid IS NOT NULL OR copy.placement = 'automatic')
        AND NOT EXISTS (SELECT 1 FROM ${CLOSES} open_close
                         WHERE open_close.copy_id = copy.id AND open_close.status = 'PENDING')
      ORDER BY copy.id
     ON CONFLICT DO NOTHING
     RETURNING ${COPY_ID}`,
    [decision.eventId, decision.userId, decision.reason, decision.traceId ?? null, decision.lossPercent ?? null],
  )) as Array<{ copyId: string }>;
  return rows.map((row) => row.copyId);
}

/** Claims PENDING closes whose lease is free (SKIP LOCKED: replicas share them), leased for `leaseMs`. */
export async function claimAutoCopyCloses(
  manager: EntityManager,
  limit: number,
  leaseMs: number,
): Promise<AutoCopyClose[]> {
  return returnedRows<AutoCopyClose>(
    await manager.query(
      `UPDATE ${CLOSES} SET in_flight_until = now() + make_interval(secs => $2::float8 / 1000), updated_at = now()
        WHERE (event_id, copy_id) IN (
               SELECT event_id, copy_id FROM ${CLOSES}
                WHERE status = 'PENDING' AND (in_flight_until IS NULL OR in_flight_until <= now())
                ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING ${selectList(AUTO_COPY_CLOSE_COLUMNS)}`,
      [limit, leaseMs],
    ),
  );
}

/** The close is settled (sold, sent, refused, or nothing left to sell): never taken again. */
export async function finishAutoCopyClose(manager: EntityManager, close: AutoCopyClose, outcome: string) {
  await manager.query(
    `UPDATE ${CLOSES} SET status = 'DONE', outcome = $3, in_flight_until = NULL, updated_at = now()
      WHERE event_id = $1 AND copy_id = $2`,
    [close.eventId, close.copyId, outcome],
  );
}

/**
 * The close's sell attempt was refused (its sell FAILED: nothing sold): the next attempt, under a request id of its
 * own, is due `at` — only if the close is still at that attempt (a concurrent worker that got there first wins).
 */
export async function retryAutoCopyClose(manager: EntityManager, close: AutoCopyClose, at: Date, refusal: string) {
  await manager.query(
    `UPDATE ${CLOSES} SET attempt = attempt + 1, last_refusal = $4, in_flight_until = $3, updated_at = now()
      WHERE event_id = $1 AND copy_id = $2 AND status = 'PENDING' AND attempt = $5`,
    [close.eventId, close.copyId, at, refusal, close.attempt],
  );
}

/**
 * Refused at its last attempt allowed: never taken again; the copy stays open, flagged with the refusal. Answers
 * whether this caller gave it up (a concurrent worker may have first).
 */
export async function giveUpAutoCopyClose(
  manager: EntityManager,
  close: AutoCopyClose,
  refusal: string,
): Promise<boolean> {
  const rows = returnedRows<{ copyId: string }>(
    await manager.query(
      `UPDATE ${CLOSES} SET status = 'GAVE_UP', last_refusal = $3, outcome = $4, in_flight_until = NULL,
              updated_at = now()
        WHERE event_id = $1 AND copy_id = $2 AND status = 'PENDING' AND attempt = $5
        RETURNING ${COPY_ID}`,
      [close.eventId, close.copyId, refusal, `gave up after ${close.attempt} refused sells`, close.attempt],
    ),
  );
  return rows.length > 0;
}

/** Not now (the copy still pending, its sell's outcome not known yet, the brokerage unreachable): taken again after `retryMs`. */
export async function deferAutoCopyClose(manager: EntityManager, close: AutoCopyClose, retryMs: number) {
  await manager.query(
    `UPDATE ${CLOSES} SET in_flight_until = now() + make_interval(secs => $3::float8 / 1000), updated_at = now()
      WHERE event_id = $1 AND copy_id = $2 AND status = 'PENDING'`,
    [close.eventId, close.copyId, retryMs],
  );
}

/** What became of one copy's close. */
type CloseOutcome = Pick<AutoCopyClose, 'copyId' | 'reason'> & AutoCopyCloseState;

/** What became of a decision's closes (tests, support). */
export async function autoCopyClosesOf(manager: EntityManager, eventId: string): Promise<CloseOutcome[]> {
  const { copyId, reason } = AUTO_COPY_CLOSE_COLUMNS;
  const { status, outcome } = AUTO_COPY_CLOSE_STATE_COLUMNS;
  return (await manager.query(
    `SELECT ${selectList<CloseOutcome>({ copyId, status, outcome, reason })}
       FROM ${CLOSES} WHERE event_id = $1 ORDER BY copy_id`,
    [eventId],
  )) as CloseOutcome[];
}
