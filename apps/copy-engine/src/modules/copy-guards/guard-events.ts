import {
  AutoCopyPaused,
  CopyGuardTriggered,
  copyGuardsAggregateId,
  type AutoCopyPauseReason,
  type CopyGuardTriggeredV1,
} from '@copytrade/contracts';
import type { OutboxEvent } from '@copytrade/nest';

/** The follower's automatic copying stopped (one trace, or every trace when `traceId` is null), for the outbox. */
export function autoCopyPausedEvent(
  userId: string,
  traceId: string | null,
  reason: AutoCopyPauseReason,
  correlationId: string,
): OutboxEvent {
  return {
    definition: AutoCopyPaused,
    data: { userId, traceId, reason, occurredAt: new Date().toISOString() },
    meta: { correlationId, aggregateId: copyGuardsAggregateId(userId) },
  };
}

/** A guard fired and closes `copyIds` at market, for the outbox. */
export function copyGuardTriggeredEvent(
  data: Omit<CopyGuardTriggeredV1, 'occurredAt'>,
  correlationId: string,
): OutboxEvent {
  return {
    definition: CopyGuardTriggered,
    data: { ...data, occurredAt: new Date().toISOString() },
    meta: { correlationId, aggregateId: copyGuardsAggregateId(data.userId) },
  };
}
