import { Logger } from '@nestjs/common';
import type { EventDefinition, EventEnvelope } from '@copytrade/contracts';
import type { Outcome } from '../messaging/durable-event-consumer';
import type { RpcClient } from '../rpc/rpc-client';

/** What `rpc.<service>.projections.apply` carries: the event exactly as its outbox row holds it. */
export interface ApplyProjectionsRpcRequest {
  subject: string;
  envelope: EventEnvelope;
}
export interface ApplyProjectionsRpcReply {
  /** Durable consumers of the service whose filter matched the subject, and what each did. */
  applied: Array<{ consumer: string; outcome: Outcome }>;
}

/** Short: the write already succeeded; a slow projector must not make it look failed. */
const APPLY_TIMEOUT_MS = 2_000;

/**
 * READ-YOUR-WRITES across services (the pattern every feature follows when another service learns a user's
 * change from an event and the user reads it there next):
 *
 *   1. The owner commits its change and the event (transactional outbox) as usual.
 *   2. AFTER the commit and BEFORE it answers, it calls `applyNow`: the projecting service runs the event
 *      through the SAME idempotent handler as its durable JetStream consumer, recording the event id in the
 *      same inbox, so the later JetStream delivery is a no-op.
 *   3. If that call fails or times out, the write still succeeded (it is logged, never thrown): the durable
 *      consumer catches up as before.
 *
 * A projector that changes what gateways cache tells them before it answers (see `publishBeforeReply`), so
 * the user's next read, on any gateway replica, shows the change.
 */
export class ProjectionSync {
  private readonly logger = new Logger(ProjectionSync.name);

  constructor(private readonly rpc: RpcClient) {}

  async applyNow<T>(
    pattern: string,
    definition: EventDefinition<T>,
    envelope: EventEnvelope<T>,
    requestId: string,
  ): Promise<void> {
    try {
      await this.rpc.request<ApplyProjectionsRpcRequest, ApplyProjectionsRpcReply>(
        pattern,
        { subject: definition.subject, envelope },
        { requestId },
        APPLY_TIMEOUT_MS,
      );
    } catch (error) {
      this.logger.warn(
        { eventId: envelope.id, type: envelope.type, pattern, code: (error as { code?: string }).code },
        'Synchronous projection failed; the durable consumer will apply the event',
      );
    }
  }
}
