import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { TracesChangedSubject, type TracesChanged } from '@copytrade/contracts';
import { errorMessage, NATS_CONNECTION, publishBeforeReply, runAfterCommit } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';

/** The publisher of each data source (one per process), for the writers that are plain functions. */
const publishers = new WeakMap<DataSource, TracesChanges>();
/** Trace ids already queued on a transaction (one broadcast per trace and commit). */
const QUEUED = 'copytradeTracesChanged';

/**
 * Tells every gateway to drop its cached traces reads (`TracesChangedSubject`; the gateway's ReadCache drops the
 * answers tagged by it, tracesChangedTags): those of one trace and the list of traces, or everything. Resolves once
 * NATS has the message, so awaited before a reply it reaches every gateway before the writer's next read. Never
 * throws: the change is committed, a lost message is bounded by TRACES_READ_CACHE_TTL_SECONDS (and
 * they clear on reconnect).
 */
@Injectable()
export class TracesChanges {
  private readonly logger = new Logger(TracesChanges.name);

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    dataSource: DataSource,
  ) {
    publishers.set(dataSource, this);
  }

  /** `traceId` absent: every trace changed (or which one is not known). */
  async publish(traceId?: string): Promise<void> {
    const message: TracesChanged = traceId ? { traceId } : {};
    await publishBeforeReply(this.nats, TracesChangedSubject, message).catch((error: unknown) =>
      this.logger.warn(`Telling gateways that traces changed failed: ${errorMessage(error)}`),
    );
  }
}

/**
 * For writers that get only an entity manager (the trade writer, the statistics): announces the trace's change
 * once the caller's transaction commits (before its promise resolves, so before any reply), at once without a
 * transaction. A no-op where no TracesChanges exists (tests that build use cases by hand).
 */
export async function tracesChangedAfterCommit(manager: EntityManager, traceId: string): Promise<void> {
  const publisher = publishers.get(manager.connection);
  if (!publisher) return;
  const queryRunner = manager.queryRunner;
  if (queryRunner?.isTransactionActive) {
    const queued = ((queryRunner.data[QUEUED] as Set<string> | undefined) ??= new Set<string>());
    if (queued.has(traceId)) return;
    queued.add(traceId);
    return runAfterCommit(manager, () => {
      queued.delete(traceId);
      return publisher.publish(traceId);
    });
  }
  return publisher.publish(traceId);
}
