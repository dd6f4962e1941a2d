import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  TraceFollowerResultsComputed,
  type EventEnvelope,
  type TraceFollowerResultsComputedV1,
} from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import { tracesChangedAfterCommit } from '../traces-changes/traces-changes';
import { storeFollowerResults } from './follower-results.store';

export const FOLLOWER_RESULTS_DURABLE = 'traces-follower-results';

/**
 * The copy engine's TraceFollowerResultsComputed (aggregate `trace-results:<traceId>`, applied in version order): the
 * newest figures of each trace are kept for its page, the discovery cards and sort, and the owner's Analytics tab.
 * A change drops the gateways' cached reads of the trace and the list (after the commit).
 */
@Injectable()
export class FollowerResultsHandler implements OnModuleInit {
  constructor(private readonly consumers: EventConsumerRegistry) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<TraceFollowerResultsComputedV1>({
      durableName: FOLLOWER_RESULTS_DURABLE,
      filterSubject: TraceFollowerResultsComputed.subject,
      handler: (envelope, manager) => this.apply(envelope, manager),
    });
  }

  async apply(envelope: EventEnvelope<TraceFollowerResultsComputedV1>, manager: EntityManager): Promise<void> {
    const changed = await storeFollowerResults(manager, envelope.aggregateVersion ?? 0, envelope.data);
    if (changed) await tracesChangedAfterCommit(manager, envelope.data.traceId.toLowerCase());
  }
}
