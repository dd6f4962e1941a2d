import type { EntityManager } from 'typeorm';
import { followerGuardsOf, traceGuardsOf } from '../copy-guards/copy-guards.store';
import type { CopyGuards } from './copy-guards-screen';

/** The guards bearing on each of these copies (by copy id): its follower's, and theirs for the copy's trace. */
export async function guardsOfCopies(
  manager: EntityManager,
  copies: Array<{ id: string; userId: string; traceId: string }>,
): Promise<Map<string, CopyGuards>> {
  const userIds = [...new Set(copies.map((copy) => copy.userId))];
  const traceIds = [...new Set(copies.map((copy) => copy.traceId))];
  const follower = await followerGuardsOf(manager, userIds);
  // A batch is nearly always one fan-out, so one trace: one query per trace.
  const byTrace = new Map(
    await Promise.all(
      traceIds.map(async (traceId) => {
        const users = [...new Set(copies.filter((copy) => copy.traceId === traceId).map((copy) => copy.userId))];
        return [traceId, await traceGuardsOf(manager, traceId, users)] as const;
      }),
    ),
  );
  return new Map(
    copies.map((copy) => [
      copy.id,
      { follower: follower.get(copy.userId)!, trace: byTrace.get(copy.traceId)!.get(copy.userId)! },
    ]),
  );
}
