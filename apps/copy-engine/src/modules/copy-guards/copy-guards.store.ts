import type { MarketClosedPolicy, SizingMode, TracePauseReason } from '@copytrade/contracts';
import { selectList, type ColumnMap } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

export const FOLLOWER_GUARDS = 'copy_engine.follower_guards';
export const TRACE_GUARDS = 'copy_engine.trace_guards';

/** A follower's guards as stored (decimals as text, for decimal.js; null = off). No row reads as the defaults. */
export interface FollowerGuards {
  userId: string;
  priceProtectionPercent: string | null;
  maxShareAgeMinutes: number | null;
  autoCopyStopped: boolean;
  autoCopyStoppedAt: Date | null;
  dailyLossLimit: string | null;
  marketClosedPolicy: MarketClosedPolicy;
  sizingMode: SizingMode;
  sizingPercent: string | null;
  copyOpenPositions: boolean;
  /** The US trading day (YYYY-MM-DD) the daily loss limit stopped automatic copying on (null: never). */
  dailyLossStoppedOn: string | null;
  /** Null when the follower never changed one (no row). */
  updatedAt: Date | null;
}

/** A follower's guards for one trace (no row reads as the defaults: not paused, no stop-loss, no override). */
export interface TraceGuards {
  userId: string;
  traceId: string;
  autoCopyPaused: boolean;
  pausedReason: TracePauseReason | null;
  pausedAt: Date | null;
  stopLossPercent: string | null;
  priceProtectionPercent: string | null;
  updatedAt: Date | null;
}

/** The follower-wide settings a follower changes (the kill switch has its own calls). */
export interface FollowerGuardsChanges {
  priceProtectionPercent?: number | null;
  maxShareAgeMinutes?: number | null;
  dailyLossLimit?: number | null;
  marketClosedPolicy?: MarketClosedPolicy;
  sizingMode?: SizingMode;
  sizingPercent?: number | null;
  copyOpenPositions?: boolean;
}

export interface TraceGuardsChanges {
  stopLossPercent?: number | null;
  priceProtectionPercent?: number | null;
}

export const defaultFollowerGuards = (userId: string): FollowerGuards => ({
  userId,
  priceProtectionPercent: null,
  maxShareAgeMinutes: null,
  autoCopyStopped: false,
  autoCopyStoppedAt: null,
  dailyLossLimit: null,
  marketClosedPolicy: 'skip',
  sizingMode: 'fixed',
  sizingPercent: null,
  copyOpenPositions: false,
  dailyLossStoppedOn: null,
  updatedAt: null,
});

export const defaultTraceGuards = (userId: string, traceId: string): TraceGuards => ({
  userId,
  traceId,
  autoCopyPaused: false,
  pausedReason: null,
  pausedAt: null,
  stopLossPercent: null,
  priceProtectionPercent: null,
  updatedAt: null,
});

/** The columns a change may set: the only names ever put into the SQL text (values always go as parameters). */
const FOLLOWER_COLUMNS: Record<keyof FollowerGuardsChanges, string> = {
  priceProtectionPercent: 'price_protection_percent',
  maxShareAgeMinutes: 'max_share_age_minutes',
  dailyLossLimit: 'daily_loss_limit',
  marketClosedPolicy: 'market_closed_policy',
  sizingMode: 'sizing_mode',
  sizingPercent: 'sizing_percent',
  copyOpenPositions: 'copy_open_positions',
};
const TRACE_COLUMNS: Record<keyof TraceGuardsChanges, string> = {
  stopLossPercent: 'stop_loss_percent',
  priceProtectionPercent: 'price_protection_percent',
};

/** A table's columns as FollowerGuards / TraceGuards, written once with `$.` standing for the table's alias. */
const FOLLOWER_COLUMNS_OF: ColumnMap<FollowerGuards> = {
  userId: '$.user_id',
  priceProtectionPercent: '$.price_protection_percent::text',
  maxShareAgeMinutes: '$.max_share_age_minutes',
  autoCopyStopped: '$.auto_copy_stopped',
  autoCopyStoppedAt: '$.auto_copy_stopped_at',
  dailyLossLimit: '$.daily_loss_limit::text',
  marketClosedPolicy: '$.market_closed_policy',
  sizingMode: '$.sizing_mode',
  sizingPercent: '$.sizing_percent::text',
  copyOpenPositions: '$.copy_open_positions',
  dailyLossStoppedOn: "to_char($.daily_loss_stopped_on, 'YYYY-MM-DD')",
  updatedAt: '$.updated_at',
};

const TRACE_COLUMNS_OF: ColumnMap<TraceGuards> = {
  userId: '$.user_id',
  traceId: '$.trace_id',
  autoCopyPaused: '$.auto_copy_paused',
  pausedReason: '$.paused_reason',
  pausedAt: '$.paused_at',
  stopLossPercent: '$.stop_loss_percent::text',
  priceProtectionPercent: '$.price_protection_percent::text',
  updatedAt: '$.updated_at',
};

/**
 * The select list of those columns (of the table aliased `alias` when given), each name prefixed with `prefix`: a
 * join of both tables tells their same-named columns apart.
 */
export const guardColumns = (columns: 'follower' | 'trace', alias = '', prefix = ''): string =>
  columns === 'follower' ? selectList(FOLLOWER_COLUMNS_OF, alias, prefix) : selectList(TRACE_COLUMNS_OF, alias, prefix);

const FOLLOWER_SELECT = guardColumns('follower');
const TRACE_SELECT = guardColumns('trace');

/** A follower's guards (the defaults when they never changed one). */
export async function findFollowerGuards(manager: EntityManager, userId: string): Promise<FollowerGuards> {
  return (await followerGuardsOf(manager, [userId])).get(userId)!;
}

/** The guards of several followers at once (a fan-out's page), every id present (defaults when no row). */
export async function followerGuardsOf(
  manager: EntityManager,
  userIds: string[],
): Promise<Map<string, FollowerGuards>> {
  const found = new Map<string, FollowerGuards>(userIds.map((userId) => [userId, defaultFollowerGuards(userId)]));
  if (userIds.length === 0) return found;
  const rows = (await manager.query(
    `SELECT ${FOLLOWER_SELECT} FROM ${FOLLOWER_GUARDS} WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  )) as FollowerGuards[];
  for (const row of rows) found.set(row.userId, row);
  return found;
}

/** A follower's guards for one trace (the defaults when none). */
export async function findTraceGuards(manager: EntityManager, userId: string, traceId: string): Promise<TraceGuards> {
  const rows = (await manager.query(
    `SELECT ${TRACE_SELECT} FROM ${TRACE_GUARDS} WHERE user_id = $1 AND trace_id = $2`,
    [userId, traceId],
  )) as TraceGuards[];
  return rows[0] ?? defaultTraceGuards(userId, traceId);
}

/** One trace's guards of several followers (a fan-out's page), every id present. */
export async function traceGuardsOf(
  manager: EntityManager,
  traceId: string,
  userIds: string[],
): Promise<Map<string, TraceGuards>> {
  const found = new Map<string, TraceGuards>(userIds.map((userId) => [userId, defaultTraceGuards(userId, traceId)]));
  if (userIds.length === 0) return found;
  const rows = (await manager.query(
    `SELECT ${TRACE_SELECT} FROM ${TRACE_GUARDS} WHERE trace_id = $1 AND user_id = ANY($2::uuid[])`,
    [traceId, userIds],
  )) as TraceGuards[];
  for (const row of rows) found.set(row.userId, row);
  return found;
}

/** One follower's guards for several traces (the web app's lists), every id present. */
export async function traceGuardsOfFollower(
  manager: EntityManager,
  userId: string,
  traceIds: string[],
): Promise<Map<string, TraceGuards>> {
  const found = new Map<string, TraceGuards>(traceIds.map((traceId) => [traceId, defaultTraceGuards(userId, traceId)]));
  if (traceIds.length === 0) return found;
  const rows = (await manager.query(
    `SELECT ${TRACE_SELECT} FROM ${TRACE_GUARDS} WHERE user_id = $1 AND trace_id = ANY($2::uuid[])`,
    [userId, traceIds],
  )) as TraceGuards[];
  for (const row of rows) found.set(row.traceId, row);
  return found;
}

/**
 * Inserts the row with the given columns or sets only those on the existing one, in one statement (two concurrent
 * changes of different settings both land). Columns come from the fixed maps above.
 */
async function upsertColumns(
  manager: EntityManager,
  target: { table: string; keys: Record<string, string>; select: string },
  columns: Record<string, string>,
  changes: object,
): Promise<unknown[]> {
  const set = Object.entries(changes).filter(([field, value]) => value !== undefined && field in columns);
  const keyColumns = Object.keys(target.keys);
  const names = [...keyColumns, ...set.map(([field]) => columns[field])];
  const values = [...Object.values(target.keys), ...set.map(([, value]) => value)];
  const updates = [...set.map(([field]) => `${columns[field]} = EXCLUDED.${columns[field]}`), 'updated_at = now()'];
  return (await manager.query(
    `INSERT INTO ${target.table} AS t (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET ${updates.join(', ')}
     RETURNING ${target.select}`,
    values,
  )) as unknown[];
}

/** Sets the given follower-wide settings (left out: unchanged; null: off) and answers the guards after. */
export async function saveFollowerGuards(
  manager: EntityManager,
  userId: string,
  changes: FollowerGuardsChanges,
): Promise<FollowerGuards> {
  const [row] = await upsertColumns(
    manager,
    { table: FOLLOWER_GUARDS, keys: { user_id: userId }, select: FOLLOWER_SELECT },
    FOLLOWER_COLUMNS,
    changes,
  );
  return row as FollowerGuards;
}

/** Sets one trace's guards (left out: unchanged; null: off) and answers them after. */
export async function saveTraceGuards(
  manager: EntityManager,
  userId: string,
  traceId: string,
  changes: TraceGuardsChanges,
): Promise<TraceGuards> {
  const [row] = await upsertColumns(
    manager,
    { table: TRACE_GUARDS, keys: { user_id: userId, trace_id: traceId }, select: TRACE_SELECT },
    TRACE_COLUMNS,
    changes,
  );
  return row as TraceGuards;
}

/**
 * The kill switch on or off. Switching it on again keeps the time it was first switched on; off clears the time.
 */
export async function setAutoCopyStopped(
  manager: EntityManager,
  userId: string,
  stopped: boolean,
): Promise<FollowerGuards> {
  const [row] = (await manager.query(
    `INSERT INTO ${FOLLOWER_GUARDS} AS t (user_id, auto_copy_stopped, auto_copy_stopped_at)
     VALUES ($1, $2, CASE WHEN $2 THEN now() END)
     ON CONFLICT (user_id) DO UPDATE SET auto_copy_stopped = EXCLUDED.auto_copy_stopped,
       auto_copy_stopped_at = CASE WHEN EXCLUDED.auto_copy_stopped
         THEN COALESCE(t.auto_copy_stopped_at, EXCLUDED.auto_copy_stopped_at) END,
       updated_at = now()
     RETURNING ${FOLLOWER_SELECT}`,
    [userId, stopped],
  )) as FollowerGuards[];
  return row;
}

/**
 * Pauses automatic copying of one trace for a follower (the subscription and copying by hand are untouched), for
 * the reason given: the follower ('user') or a limit reached. A trace already paused keeps the time it was paused.
 */
export async function pauseTraceAutoCopy(
  manager: EntityManager,
  userId: string,
  traceId: string,
  reason: TracePauseReason,
): Promise<TraceGuards> {
  const [row] = (await manager.query(
    `INSERT INTO ${TRACE_GUARDS} AS t (user_id, trace_id, auto_copy_paused, paused_reason, paused_at)
     VALUES ($1, $2, true, $3, now())
     ON CONFLICT (user_id, trace_id) DO UPDATE SET auto_copy_paused = true, paused_reason = EXCLUDED.paused_reason,
       paused_at = CASE WHEN t.auto_copy_paused THEN COALESCE(t.paused_at, EXCLUDED.paused_at) ELSE EXCLUDED.paused_at END,
       updated_at = now()
     RETURNING ${TRACE_SELECT}`,
    [userId, traceId, reason],
  )) as TraceGuards[];
  return row;
}

/** Resumes automatic copying of one trace, whatever paused it (the reason is cleared). */
export async function resumeTraceAutoCopy(
  manager: EntityManager,
  userId: string,
  traceId: string,
): Promise<TraceGuards> {
  // TypeORM's postgres driver answers an UPDATE as [rows, count].
  const [rows] = (await manager.query(
    `UPDATE ${TRACE_GUARDS} SET auto_copy_paused = false, paused_reason = NULL, paused_at = NULL, updated_at = now()
      WHERE user_id = $1 AND trace_id = $2
      RETURNING ${TRACE_SELECT}`,
    [userId, traceId],
  )) as [TraceGuards[], number];
  return rows[0] ?? defaultTraceGuards(userId, traceId);
}

/**
 * The follower's guards row, created with the defaults when missing and locked until the transaction ends: a change
 * that reports what it changed (the kill switch going on) reads the state it changes, and concurrent ones queue.
 */
export async function lockFollowerGuards(manager: EntityManager, userId: string): Promise<FollowerGuards> {
  await manager.query(`INSERT INTO ${FOLLOWER_GUARDS} (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  const [row] = (await manager.query(
    `SELECT ${FOLLOWER_SELECT} FROM ${FOLLOWER_GUARDS} WHERE user_id = $1 FOR UPDATE`,
    [userId],
  )) as FollowerGuards[];
  return row;
}

/** One trace's guards row of a follower, created with the defaults when missing and locked (lockFollowerGuards). */
export async function lockTraceGuards(manager: EntityManager, userId: string, traceId: string): Promise<TraceGuards> {
  await manager.query(`INSERT INTO ${TRACE_GUARDS} (user_id, trace_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    userId,
    traceId,
  ]);
  const [row] = (await manager.query(
    `SELECT ${TRACE_SELECT} FROM ${TRACE_GUARDS} WHERE user_id = $1 AND trace_id = $2 FOR UPDATE`,
    [userId, traceId],
  )) as TraceGuards[];
  return row;
}
