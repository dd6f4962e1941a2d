import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  AutoCopyResumed,
  SubscriptionStarted,
  type AutoCopyResumedV1,
  type EventEnvelope,
  type SubscriptionStartedV1,
} from '@copytrade/contracts';
import { EventConsumerRegistry } from '@copytrade/nest';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { OpenPositionsCopier, type OpenPositionsTrigger } from './open-positions.copier';

/**
 * Every event of a subscription's aggregate (`trace-subscription:<traceId>:<userId>`: SubscriptionStarted, then
 * SubscriptionEnded), so its version order has no gap; this consumer acts on SubscriptionStarted only.
 */
export const SUBSCRIPTION_EVENTS = SubscriptionStarted.subject.replace(/started\.v1$/, '>');
export const OPEN_POSITIONS_ON_SUBSCRIBE_DURABLE = 'copy-engine-open-positions-subscribed';
export const OPEN_POSITIONS_ON_RESUME_DURABLE = 'copy-engine-open-positions-resumed';

/**
 * What starts a copy of a follower's open positions, consumed durably through the inbox (once per event): traces'
 * SubscriptionStarted, and the copy engine's own AutoCopyResumed (written with the resume). The copies are recorded
 * outside the inbox transaction, each committed on its own so the placement workers start at once; their request
 * ids (the event's id and the trade's) make a redelivery record nothing twice. A trigger older than
 * AUTO_COPY_MAX_SHARE_AGE_MS (a replay of the stream's history when this consumer is new) copies nothing: the
 * follower did not just start copying.
 */
@Injectable()
export class OpenPositionsHandler implements OnModuleInit {
  private readonly logger = new Logger(OpenPositionsHandler.name);

  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly copier: OpenPositionsCopier,
    private readonly config: CopyEngineConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register<SubscriptionStartedV1>({
      durableName: OPEN_POSITIONS_ON_SUBSCRIBE_DURABLE,
      filterSubject: SUBSCRIPTION_EVENTS,
      handler: (envelope) => this.subscribed(envelope),
      ackWaitMs: this.config.AUTO_COPY_FANOUT_ACK_WAIT_MS,
    });
    await this.consumers.register<AutoCopyResumedV1>({
      durableName: OPEN_POSITIONS_ON_RESUME_DURABLE,
      filterSubject: AutoCopyResumed.subject,
      handler: (envelope) => this.resumed(envelope),
      ackWaitMs: this.config.AUTO_COPY_FANOUT_ACK_WAIT_MS,
    });
  }

  async subscribed(envelope: EventEnvelope<SubscriptionStartedV1>): Promise<void> {
    if (envelope.type !== SubscriptionStarted.type) return;
    const { userId, traceId, occurredAt } = envelope.data;
    await this.copy(envelope, { userId, traceId, at: new Date(occurredAt) });
  }

  async resumed(envelope: EventEnvelope<AutoCopyResumedV1>): Promise<void> {
    const { userId, traceId, resumedAt } = envelope.data;
    await this.copy(envelope, { userId, traceId, at: new Date(resumedAt) });
  }

  private async copy(
    envelope: EventEnvelope,
    trigger: Pick<OpenPositionsTrigger, 'userId' | 'traceId' | 'at'>,
  ): Promise<void> {
    const ageMs = Date.now() - Date.parse(envelope.occurredAt);
    if (ageMs > this.config.AUTO_COPY_MAX_SHARE_AGE_MS) {
      this.logger.warn(
        { eventId: envelope.id, type: envelope.type, ...trigger, ageMs },
        'A trigger too old to copy open positions on (a replay of the stream): no copies',
      );
      return;
    }
    await this.copier.copy({ eventId: envelope.id, correlationId: envelope.correlationId, ...trigger });
  }
}
