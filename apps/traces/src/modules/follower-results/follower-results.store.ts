import type { FollowerResultsFigures, TraceFollowerResults } from '@copytrade/contracts';
import { returnedRows } from '@copytrade/nest';
import { In, type EntityManager } from 'typeorm';
import { TraceFollowerResultsEntity } from '../shared/entities';
import type { TraceCardFigures } from '../shared/trace-views';

const allTime = (windows: FollowerResultsFigures[]) => windows.find((figures) => figures.window === 'all') ?? null;

/**
 * Keeps a trace's newest follower results: the row is replaced only by a higher aggregate version (the consumer
 * applies versions in order; this also holds if an old one is ever applied late). A trace unknown here (deleted)
 * stores nothing. Answers whether the row changed.
 */
export async function storeFollowerResults(
  manager: EntityManager,
  version: number,
  results: TraceFollowerResults,
): Promise<boolean> {
  const all = allTime(results.windows);
  const rows = returnedRows(
    await manager.query(
      `INSERT INTO traces.trace_follower_results AS r
       (trace_id, aggregate_version, computed_at, windows, weekly, follower_return_median, slippage_median)
     SELECT t.id, $2, $3, $4::jsonb, $5::jsonb, $6, $7 FROM traces.traces t WHERE t.id = $1
     ON CONFLICT (trace_id) DO UPDATE SET
       aggregate_version = EXCLUDED.aggregate_version, computed_at = EXCLUDED.computed_at,
       windows = EXCLUDED.windows, weekly = EXCLUDED.weekly,
       follower_return_median = EXCLUDED.follower_return_median, slippage_median = EXCLUDED.slippage_median,
       updated_at = now()
     WHERE r.aggregate_version < EXCLUDED.aggregate_version
     RETURNING r.trace_id`,
      [
        results.traceId,
        version,
        results.computedAt,
        JSON.stringify(results.windows),
        JSON.stringify(results.weekly),
        all?.followerReturnMedian ?? null,
        all?.slippageMedian ?? null,
      ],
    ),
  );
  return rows.length > 0;
}

export function findFollowerResults(
  manager: EntityManager,
  traceId: string,
): Promise<TraceFollowerResultsEntity | null> {
  return manager.findOneBy(TraceFollowerResultsEntity, { traceId });
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

export const cardFiguresOfRow = (row: TraceFollowerResultsEntity | null): TraceCardFigures => ({
  followerReturnMedian: row ? numberOrNull(row.followerReturnMedian) : null,
  slippageMedian: row ? numberOrNull(row.slippageMedian) : null,
});

/** The card figures of several traces in one read (discovery pages, the admin list). */
export async function cardFiguresOf(
  manager: EntityManager,
  traceIds: string[],
): Promise<Map<string, TraceCardFigures>> {
  if (traceIds.length === 0) return new Map();
  const rows = await manager.find(TraceFollowerResultsEntity, {
    select: { traceId: true, followerReturnMedian: true, slippageMedian: true },
    where: { traceId: In(traceIds) },
  });
  return new Map(rows.map((row) => [row.traceId, cardFiguresOfRow(row)]));
}
