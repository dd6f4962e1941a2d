import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  TracesCopyableOpenTradesRpc,
  type CopyableOpenTradesRpcPayload,
  type CopyableOpenTradesRpcReply,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter, RpcClient } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { decide, missingOptionsData } from '../auto-copy/auto-copy-fanout.handler';
import { AutoCopyPlacer } from '../auto-copy/auto-copy-placer';
import { recordAutomaticCopiesAnnounced } from '../auto-copy/auto-copy-recording';
import { autoCopyTradeOf } from '../auto-copy/auto-copy.store';
import { COPY_ENGINE_RPC } from '../copies/copies.tokens';
import { CopyBudgets } from '../copy-limits/copy-budgets';
import { guardsOfCopies } from '../copy-limits/guards-of-copies';
import type { CopyBudget } from '../copy-limits/copy-limits';
import { LiveQuotes } from '../copy-limits/live-quotes';
import { followerCopyingOpenPositions, tradesAlreadyCopied } from './open-positions.store';

/** What starts a copy of a follower's open positions: their subscription to a trace, or their resume of it. */
export interface OpenPositionsTrigger {
  /** The triggering event's id: with each trade's id, the copies' request ids. */
  eventId: string;
  correlationId: string;
  userId: string;
  traceId: string;
  /** When copying began: the copies' share time on the receipt, so their delay counts from then. */
  at: Date;
}

/** Trades asked of traces per page (a trace rarely holds more open at once). */
const TRADES_PAGE_SIZE = 50;

/** The request id of the open-position copy of a trade: the triggering event and the trade (the user is the key's other half). */
export const openPositionRequestId = (eventId: string, tradeId: string) => `open-position:${eventId}:${tradeId}`;

/**
 * Copies a trace's open positions for a follower who asked for that ("copy open positions" on, with copy trading on,
 * automatic copying of the trace neither stopped nor paused): traces is asked, a page at a time, which of the trace's
 * open shared trades the follower's tier may copy (rpc.traces.copyable-open-trades.list); each one they do not
 * already hold a copy of becomes an automatic copy, sized by the fan-out's own rule (`decide`) at a live quote of
 * its instrument, recorded as the fan-out records its copies — PENDING for the placement workers, or FAILED with the
 * reason — and marked as a copied open position. Its receipt: the trader's entry price, and the time copying began.
 * Keyed by (trigger, trade) and inserted ON CONFLICT DO NOTHING, beside the one-copy-per-trade index: a redelivery
 * or a crash part-way records nothing twice, and a trade already copied is not copied again.
 */
@Injectable()
export class OpenPositionsCopier {
  private readonly logger = new Logger(OpenPositionsCopier.name);

  constructor(
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
    private readonly placer: AutoCopyPlacer,
    private readonly quotes: LiveQuotes,
    private readonly outbox: OutboxWriter,
    private readonly budgets: CopyBudgets,
  ) {}

  async copy(trigger: OpenPositionsTrigger): Promise<number> {
    const manager = this.dataSource.manager;
    const follower = await followerCopyingOpenPositions(manager, trigger.userId, trigger.traceId);
    if (!follower) return 0;
    // The follower's guards hold here as in a fan-out (price protection against the trader's entry price).
    const [guards] = (
      await guardsOfCopies(manager, [{ id: '', userId: trigger.userId, traceId: trigger.traceId }])
    ).values();
    // Sized like the fan-out's copies: the account's value (when sized by it) asked once, at the first trade to copy.
    let budget: CopyBudget | undefined;
    let after: string | null = null;
    let recorded = 0;
    do {
      const page: CopyableOpenTradesRpcReply = await this.rpc.request<
        CopyableOpenTradesRpcPayload,
        CopyableOpenTradesRpcReply
      >(
        TracesCopyableOpenTradesRpc.list,
        { traceId: trigger.traceId, userId: trigger.userId, after, limit: TRADES_PAGE_SIZE },
        { requestId: trigger.correlationId },
      );
      const held = await tradesAlreadyCopied(
        manager,
        trigger.userId,
        page.trades.map((trade) => trade.id),
      );
      for (const view of page.trades.filter((trade) => !held.has(trade.id))) {
        // An open trade as its copy records it: the trader's entry price, shared (for this follower) when copying began.
        const trade = autoCopyTradeOf(view, {
          traderPrice: view.entryPrice,
          traderSharedAt: trigger.at,
          origin: 'open_position',
        });
        const quote = await this.quotes.forFollowersOrRefusal(trade, [trigger.userId], trigger.correlationId);
        budget ??= (await this.budgets.of([follower], () => guards.follower, trigger.correlationId)).get(
          trigger.userId,
        );
        const decision = decide(
          follower,
          openPositionRequestId(trigger.eventId, view.id),
          quote,
          trade,
          missingOptionsData(view),
          guards,
          undefined,
          budget,
        );
        const recordedNow = await recordAutomaticCopiesAnnounced(this.dataSource, this.outbox, {
          trade,
          requestHash: requestHashOf(trigger.eventId),
          decisions: [decision],
          quote: quote instanceof DomainException ? null : quote,
          correlationId: trigger.correlationId,
        });
        if (recordedNow > 0) this.placer.kick();
        recorded += recordedNow;
      }
      after = page.nextCursor;
    } while (after);
    this.logger.log({ ...trigger, recorded }, 'Open positions copied');
    return recorded;
  }
}

function requestHashOf(eventId: string): string {
  return createHash('sha256').update(`open-position:${eventId}`).digest('hex');
}
