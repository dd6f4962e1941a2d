import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import type { OutboxWriter } from '@copytrade/nest';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { recordGuardCloses } from '../auto-copy/auto-copy-closes.store';
import { autoCopyPausedEvent, copyGuardTriggeredEvent } from '../copy-guards/guard-events';
import { skipUnplacedAutomaticCopies } from '../copy-limits/unplaced-copies.store';
import { pauseForStopLoss, type BreachedPair } from './stop-loss.store';

/**
 * Fires a pair's copy stop-loss, in one transaction: automatic copying of the trace paused for it (only by the first
 * of concurrent passes or replicas — the others answer null and change nothing), a keyed close recorded for each of
 * the pair's open copies, manual and automatic (the closer sells what each holds at market), and CopyGuardTriggered
 * with AutoCopyPaused through the outbox. Answers the copies to be closed, or null when it was not this caller's.
 */
export async function triggerStopLoss(
  dataSource: DataSource,
  outbox: OutboxWriter,
  pair: BreachedPair,
  correlationId: string,
): Promise<string[] | null> {
  return dataSource.transaction(async (manager) => {
    if (!(await pauseForStopLoss(manager, pair))) return null;
    // As any pause: the trace's automatic copies not yet sent are skipped with it (see skipUnplacedAutomaticCopies).
    await skipUnplacedAutomaticCopies(
      manager,
      outbox,
      { userId: pair.userId, traceId: pair.traceId, correlationId },
      { code: CopyTradeErrorCode.SKIPPED_PAUSED, reason: CopyTradeMessages.autoCopyPaused },
    );
    const copyIds = await recordGuardCloses(manager, {
      eventId: randomUUID(),
      userId: pair.userId,
      traceId: pair.traceId,
      reason: 'stop_loss',
      lossPercent: pair.lossPercent,
    });
    await outbox.addMany(manager, [
      copyGuardTriggeredEvent(
        {
          userId: pair.userId,
          traceId: pair.traceId,
          guard: 'stop_loss',
          lossPercent: pair.lossPercent,
          thresholdPercent: pair.thresholdPercent,
          copyIds,
        },
        correlationId,
      ),
      autoCopyPausedEvent(pair.userId, pair.traceId, 'stop_loss', correlationId),
    ]);
    return copyIds;
  });
}
