import type { OutboxWriter } from '@copytrade/nest';
import type { DataSource } from 'typeorm';
import { announceSkips } from '../copy-limits/copy-skips';
import type { LiveQuote } from '../copy-limits/live-quotes';
import { recordAutomaticCopies, type AutoCopyDecision, type AutoCopyTrade } from './auto-copy.store';

/**
 * Automatic copies recorded (recordAutomaticCopies) with a CopySkipped for each a guard kept back, in one
 * transaction. Answers how many it recorded (a redelivery's repeats are not counted).
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
    const skips = rows.flatMap((row) =>
      row.failureCode
        ? [
            {
              id: row.id,
              userId: row.userId,
              originalTradeId: trade.tradeId,
              traceId: trade.traceId,
              placement: 'automatic' as const,
              symbol: trade.symbol,
              optionsTicker: trade.optionsTicker,
              code: row.failureCode,
              reason: row.failureReason ?? '',
            },
          ]
        : [],
    );
    await announceSkips(manager, outbox, skips, { correlationId: page.correlationId });
    return rows.length;
  });
}
