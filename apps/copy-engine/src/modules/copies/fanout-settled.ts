import { Logger } from '@nestjs/common';
import { fanoutDuration } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';

const logger = new Logger('FanoutSettled');

/**
 * observeSettledFanouts for an after-commit callback, NOT awaited by it: after-commit work runs inside TypeORM's
 * commit, while the committing transaction still holds its pool connection, so awaiting a query on another
 * connection there can leave every connection waiting for one (a fan-out's placement workers all committing at once
 * hung that way). A metric is all that is at stake: a failure is logged.
 */
export function observeSettledFanoutsSoon(manager: EntityManager, tradeIds: ReadonlyArray<string>): void {
  if (tradeIds.length === 0) return;
  setImmediate(() => {
    observeSettledFanouts(manager, tradeIds).catch((error: unknown) =>
      logger.warn(`Fan-out timing not observed: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
}

/**
 * Times the fan-outs of these shared trades whose last automatic copy has settled: a share is done when its fan-out
 * committed (the shared_trades row, written in the TradeShared event's own transaction) and none of its automatic
 * copies is still PENDING and due (a copy queued for the market open does not hold its share's timing back). The
 * single UPDATE marks each share once, so concurrent settlers never time it twice. Run after the settling commit.
 */
export async function observeSettledFanouts(manager: EntityManager, tradeIds: ReadonlyArray<string>): Promise<void> {
  if (tradeIds.length === 0) return;
  const [rows] = (await manager.query(
    `UPDATE copy_engine.shared_trades s SET fanout_settled_at = now()
      WHERE s.trade_id = ANY($1::uuid[]) AND s.fanout_settled_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM copy_engine.copy_instances c
                         WHERE c.original_trade_id = s.trade_id AND c.status = 'PENDING'
                           AND c.placement = 'automatic' AND c.queued_until IS NULL)
      RETURNING extract(epoch FROM now() - s.shared_at)::float8 AS seconds`,
    [[...new Set(tradeIds)]],
  )) as [Array<{ seconds: number }>, number];
  const histogram = fanoutDuration();
  for (const row of rows) histogram.observe(Math.max(0, row.seconds));
}
