import type { EntityManager } from 'typeorm';
import {
  FOLLOWER_GUARDS,
  TRACE_GUARDS,
  defaultFollowerGuards,
  defaultTraceGuards,
  guardColumns,
  type FollowerGuards,
  type TraceGuards,
} from '../copy-guards/copy-guards.store';
import type { CopyGuards } from './copy-guards-screen';

/**
 * The guards bearing on each of these copies (by copy id): its follower's, and theirs for the copy's trace (the
 * defaults where the follower set none). One statement whatever the count: the fan-out asks it per page and the
 * placement workers per claimed batch, so it stays one round trip.
 */
export async function guardsOfCopies(
  manager: EntityManager,
  copies: Array<{ id: string; userId: string; traceId: string }>,
): Promise<Map<string, CopyGuards>> {
  if (copies.length === 0) return new Map();
  const rows = (await manager.query(
    `SELECT k.id AS "copyId", f.user_id IS NOT NULL AS "hasFollowerRow", t.user_id IS NOT NULL AS "hasTraceRow",
            ${guardColumns('follower', 'f', 'f.')}, ${guardColumns('trace', 't', 't.')}
       FROM unnest($1::text[], $2::uuid[], $3::uuid[]) AS k(id, user_id, trace_id)
       LEFT JOIN ${FOLLOWER_GUARDS} f ON f.user_id = k.user_id
       LEFT JOIN ${TRACE_GUARDS} t ON t.user_id = k.user_id AND t.trace_id = k.trace_id`,
    [copies.map((copy) => copy.id), copies.map((copy) => copy.userId), copies.map((copy) => copy.traceId)],
  )) as Array<Record<string, unknown> & { copyId: string; hasFollowerRow: boolean; hasTraceRow: boolean }>;
  const byId = new Map(copies.map((copy) => [copy.id, copy]));
  return new Map(
    rows.map((row) => {
      const copy = byId.get(row.copyId)!;
      return [
        row.copyId,
        {
          follower: row.hasFollowerRow
            ? (fieldsPrefixed(row, 'f.') as unknown as FollowerGuards)
            : defaultFollowerGuards(copy.userId),
          trace: row.hasTraceRow
            ? (fieldsPrefixed(row, 't.') as unknown as TraceGuards)
            : defaultTraceGuards(copy.userId, copy.traceId),
        },
      ];
    }),
  );
}

/** The fields of a joined row whose names start with `prefix`, the prefix taken off. */
function fieldsPrefixed(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  );
}
