import type { EntityManager } from 'typeorm';
import { followersCopying, type CopyingFollower } from '../auto-copy/auto-copy.store';
import { TABLE } from '../copies/copy-instances.store';
import { findFollowerGuards, findTraceGuards } from '../copy-guards/copy-guards.store';

/**
 * The follower as their open-position copies of a trace are sized, when they are to have them: copy trading on (the
 * projected settings), "copy open positions" on, automatic copying neither stopped (the kill switch) nor paused for
 * this trace. Null otherwise.
 */
export async function followerCopyingOpenPositions(
  manager: EntityManager,
  userId: string,
  traceId: string,
): Promise<CopyingFollower | null> {
  const [follower] = await followersCopying(manager, [userId]);
  if (!follower) return null;
  const guards = await findFollowerGuards(manager, userId);
  if (!guards.copyOpenPositions || guards.autoCopyStopped) return null;
  const traceGuards = await findTraceGuards(manager, userId, traceId);
  return traceGuards.autoCopyPaused ? null : follower;
}

/**
 * Of these trades, those the follower already holds a copy of that counts (any status but FAILED: pending, open or
 * closed): they are not copied again, nor recorded as a refused second copy.
 */
export async function tradesAlreadyCopied(
  manager: EntityManager,
  userId: string,
  tradeIds: string[],
): Promise<Set<string>> {
  if (tradeIds.length === 0) return new Set();
  const rows = (await manager.query(
    `SELECT original_trade_id::text AS "tradeId" FROM ${TABLE}
      WHERE user_id = $1 AND original_trade_id = ANY($2::uuid[]) AND status <> 'FAILED'`,
    [userId, tradeIds],
  )) as Array<{ tradeId: string }>;
  return new Set(rows.map((row) => row.tradeId));
}
