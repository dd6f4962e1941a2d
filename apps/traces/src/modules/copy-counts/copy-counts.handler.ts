import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CopyOpened, type CopyOpenedV1, type EventEnvelope } from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { tracesChangedAfterCommit } from '../traces-changes/traces-changes';
import { countOpenedCopies } from './copy-counts.store';

/**
 * Every event of the copies' aggregates (`copy:<id>`: opened, failed, skipped, closed, close abandoned): a consumer
 * must see all of an aggregate's events to apply them in order, so versions have no gaps. Only CopyOpened counts.
 */
export const COPY_EVENTS = 'events.copy-engine.copy.>';
export const COPY_COUNTS_DURABLE = 'traces-copy-counts';
/** Events per transaction in a burst (group commit): an automatic fan-out's CopyOpened cost a few statements each group. */
const COPY_COUNTS_GROUP_SIZE = 100;

/**
 * The copies of each shared trade (TradeView.copyCount, OwnerTradeView.copyCount) and of each follower (the owner's
 * Subscribers tab), from the copy engine's CopyOpened. A burst is applied in groups, one statement set per group; the
 * gateways' cached reads of the traces whose counts changed are dropped once per trace and group, after the commit.
 * The copier's own copy is applied synchronously too (rpc.traces.projections.apply, same inbox): see TracesProjectionsController.
 */
@Injectable()
export class CopyCountsHandler implements OnModuleInit {
  constructor(private readonly consumers: EventConsumerRegistry) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<unknown>({
      durableName: COPY_COUNTS_DURABLE,
      filterSubject: COPY_EVENTS,
      handler: (envelope, manager) => this.applyGroup([envelope], manager),
      groupSize: COPY_COUNTS_GROUP_SIZE,
      groupHandler: (envelopes, manager) => this.applyGroup(envelopes, manager),
    });
  }

  async applyGroup(envelopes: Array<EventEnvelope<unknown>>, manager: EntityManager): Promise<void> {
    const opened = envelopes
      .filter((envelope) => envelope.type === CopyOpened.type)
      .map((envelope) => envelope.data as CopyOpenedV1);
    const changed = await countOpenedCopies(manager, opened);
    for (const traceId of changed) await tracesChangedAfterCommit(manager, traceId);
  }
}
