import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { BrokerageAccountUpdated, type BrokerageAccountUpdatedV1, type EventEnvelope } from '@copytrade/contracts';
import { DomainException, EventConsumerRegistry } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { SyncOwnerTradesUseCase } from '../../owner-trades/use-cases/sync-owner-trades.use-case';
import { TraceEntity } from '../../shared/entities';

export const BROKERAGE_ACCOUNT_UPDATED_DURABLE = 'traces-brokerage-sync-triggers';

/**
 * Refusals a retry cannot change (the brokerage says no: credentials no longer valid, not found, forbidden): the
 * event is dead-lettered at once. Rate limits (429) and outages (5xx, no answer) are retried with backoff.
 */
export function isPermanentSyncFailure(error: unknown): boolean {
  return error instanceof DomainException && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/**
 * The provider says one of a user's accounts has new data (BrokerageAccountUpdated, from SnapTrade's webhooks):
 * each trace the user owns is synced from the brokerage as the owner's own sync does (SyncOwnerTradesUseCase: read
 * the brokerage, then upsert by source key under the trace's lock, so it never duplicates a trade and may run
 * beside any other sync). No owner call is needed; the web app's auto-sync stays the fallback.
 *
 * Durable and idempotent: the inbox row commits after the syncs, so a redelivered event is skipped, and one whose
 * sync failed is delivered again (the sync is safe to repeat). Each event is its own aggregate: one that fails
 * never holds back the next.
 */
@Injectable()
export class BrokerageAccountUpdatedHandler implements OnModuleInit {
  private readonly logger = new Logger(BrokerageAccountUpdatedHandler.name);

  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly sync: SyncOwnerTradesUseCase,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<BrokerageAccountUpdatedV1>({
      durableName: BROKERAGE_ACCOUNT_UPDATED_DURABLE,
      filterSubject: BrokerageAccountUpdated.subject,
      handler: (envelope, manager) => this.apply(envelope, manager),
      isPermanentError: isPermanentSyncFailure,
    });
  }

  async apply(envelope: EventEnvelope<BrokerageAccountUpdatedV1>, manager: EntityManager): Promise<void> {
    const { userId, accountId, reason } = envelope.data;
    const traces = await manager.find(TraceEntity, { where: { ownerUserId: userId }, order: { id: 'ASC' } });
    for (const trace of traces) {
      // The traces service's own work (no user is signed in behind an event): it names no actor.
      const outcome = await this.sync.execute(trace, { requestId: envelope.correlationId });
      this.logger.log(
        {
          traceId: trace.id,
          accountId,
          reason,
          eventId: envelope.id,
          synced: outcome.synced,
          inserted: outcome.inserted,
          closed: outcome.closed.length,
        },
        'Owner trades synced on a brokerage account update',
      );
    }
  }
}
