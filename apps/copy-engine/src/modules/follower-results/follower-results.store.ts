import type { TraceFollowerResults } from '@copytrade/contracts';
import { returnedRows } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

const CHANGES = 'copy_engine.follower_results_changes';
const RESULTS = 'copy_engine.follower_results';
const COPIES = 'copy_engine.copy_instances';

/** A trace marked changed, with the ids of the log rows that say so (those to delete once it is recomputed). */
export interface ChangedTrace {
  traceId: string;
  changeIds: string[];
}

/**
 * The traces of the change log's oldest `rowLimit` rows (by id), oldest change first, at most `limit` of them, each
 * with the ids of its rows read — leaving out traces computed less than `minIntervalMs` ago, whose rows stay for a
 * later pass (a trace busy with a fan-out is recomputed at most that often).
 */
export async function changedTraces(
  manager: EntityManager,
  page: { limit: number; rowLimit: number; minIntervalMs: number },
): Promise<ChangedTrace[]> {
  return (await manager.query(
    `SELECT log.trace_id AS "traceId", array_agg(log.id::text) AS "changeIds"
       FROM (SELECT id, trace_id FROM ${CHANGES} ORDER BY id LIMIT $2) log
       LEFT JOIN ${RESULTS} results ON results.trace_id = log.trace_id
      WHERE results.computed_at IS NULL
         OR results.computed_at <= now() - make_interval(secs => $3::float8 / 1000)
      GROUP BY log.trace_id
      ORDER BY min(log.id)
      LIMIT $1`,
    [page.limit, page.rowLimit, page.minIntervalMs],
  )) as ChangedTrace[];
}

/** Exactly these log rows (never every row up to an id: a change committed late, with a lower id, must survive). */
export async function deleteChanges(manager: EntityManager, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await manager.query(`DELETE FROM ${CHANGES} WHERE id = ANY($1::bigint[])`, [ids]);
}

/**
 * This transaction holds the trace's recompute: false when another replica (or pass) holds it now — it is computing
 * the same trace, and the rows it did not read stay for the next pass. Released at commit.
 */
export async function lockTraceRecompute(manager: EntityManager, traceId: string): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT pg_try_advisory_xact_lock(hashtextextended('follower-results:' || $1::text, 0)) AS locked`,
    [traceId],
  )) as Array<{ locked: boolean }>;
  return row!.locked;
}

/**
 * Stores the trace's figures; answers whether they differ from those stored before (a first computation does).
 * computed_at moves either way: it is when the trace was last computed.
 */
export async function saveFollowerResults(manager: EntityManager, results: TraceFollowerResults): Promise<boolean> {
  const figures = { windows: results.windows, weekly: results.weekly };
  const rows = returnedRows<{ changed: boolean }>(
    await manager.query(
      `WITH previous AS (SELECT figures FROM ${RESULTS} WHERE trace_id = $1)
       INSERT INTO ${RESULTS} AS r (trace_id, figures, computed_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (trace_id) DO UPDATE SET figures = EXCLUDED.figures, computed_at = EXCLUDED.computed_at
       RETURNING (SELECT figures FROM previous) IS DISTINCT FROM r.figures AS changed`,
      [results.traceId, JSON.stringify(figures), results.computedAt],
    ),
  );
  return rows[0]!.changed;
}

/** The figures last stored for a trace (tests, support). */
export async function storedFollowerResults(
  manager: EntityManager,
  traceId: string,
): Promise<{ figures: Pick<TraceFollowerResults, 'windows' | 'weekly'>; computedAt: Date } | null> {
  const [row] = (await manager.query(
    `SELECT figures, computed_at AS "computedAt" FROM ${RESULTS} WHERE trace_id = $1`,
    [traceId],
  )) as Array<{ figures: Pick<TraceFollowerResults, 'windows' | 'weekly'>; computedAt: Date }>;
  return row ?? null;
}

/** Up to `limit` traces whose figures are older than `maxAgeMs`, oldest first (window edges have moved since). */
export async function staleTraces(manager: EntityManager, maxAgeMs: number, limit: number): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT trace_id AS "traceId" FROM ${RESULTS}
      WHERE computed_at < now() - make_interval(secs => $1::float8 / 1000)
      ORDER BY computed_at LIMIT $2`,
    [maxAgeMs, limit],
  )) as Array<{ traceId: string }>;
  return rows.map((row) => row.traceId);
}

/**
 * Up to `limit` traces with copies and no figures yet (copies recorded before follower results existed), after
 * `after` in trace id order: one index probe per trace with copies (a loose scan of the (trace_id, created_at)
 * index), never a scan of every copy.
 */
export async function tracesWithoutResults(
  manager: EntityManager,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = (await manager.query(
    `WITH RECURSIVE traces AS (
       SELECT (SELECT trace_id FROM ${COPIES} WHERE $1::uuid IS NULL OR trace_id > $1::uuid
                ORDER BY trace_id LIMIT 1) AS trace_id
       UNION ALL
       SELECT (SELECT trace_id FROM ${COPIES} WHERE trace_id > traces.trace_id ORDER BY trace_id LIMIT 1)
         FROM traces WHERE traces.trace_id IS NOT NULL
     )
     SELECT trace_id AS "traceId" FROM traces
      WHERE trace_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${RESULTS} results WHERE results.trace_id = traces.trace_id)
      LIMIT $2`,
    [after, limit],
  )) as Array<{ traceId: string }>;
  return rows.map((row) => row.traceId);
}

/** How many change-log rows wait (tests, metrics). */
export async function pendingChanges(manager: EntityManager): Promise<number> {
  const [row] = (await manager.query(`SELECT count(*)::int AS count FROM ${CHANGES}`)) as Array<{ count: number }>;
  return row!.count;
}
