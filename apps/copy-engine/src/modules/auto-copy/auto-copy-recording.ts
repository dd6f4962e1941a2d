import type { OutboxWriter } from '@copytrade/nest';
import type { DataSource } from 'typeorm';
import { announceNotPlaced, type NotPlacedCopy } from '../copies/not-placed-copies';
import type { LiveQuote } from '../copy-limits/live-quotes';
import { recordAutomaticCopies, type AutoCopyDecision, type AutoCopyTrade } from './auto-copy.store';

/**
 * Automatic copies recorded (recordAutomaticCopies) with a CopySkipped for each a guard kept back and a CopyFailed for
 * each not placed otherwise, in one transaction (one insert of the copies, one batch of events). Answers how many it
 * recorded (a redelivery's repeats are not counted, nor announced again).
 */
export async function recordAutomaticCopiesAnnounced(
  dataSource: DataSource,
  outbox: OutboxWriter,
  page: {
    trade: AutoCopyTrade;
    requestHash: string;
    decisions: AutoCopyDecision[];
    quote: LiveQuote | null;
    correlationId: string;
  },
): Promise<number> {
  const { trade } = page;
  return dataSource.transaction(async (manager) => {
    const rows = await recordAutomaticCopies(manager, trade, page.requestHash, page.decisions, page.quote);
    const notPlaced = rows.flatMap((row): NotPlacedCopy[] =>
      row.failureCode
        ? [
            {
              id: row.id,
              userId: row.userId,
              originalTradeId: trade.tradeId,
              traceId: trade.traceId,
              placement: 'automatic',
              symbol: trade.symbol,
              optionsTicker: trade.optionsTicker,
              code: row.failureCode,
              reason: row.failureReason ?? '',
            },
          ]
        : [],
    );
    await announceNotPlaced(manager, outbox, notPlaced, { correlationId: page.correlationId });
    return rows.length;
  });
}
