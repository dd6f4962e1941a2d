import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@copytrade/contracts';
import { IdentityConfig } from '../../config/identity.config';

/** Whether an event is too old to tell anyone of (NOTIFICATIONS_MAX_EVENT_AGE_HOURS): a replay of the stream. */
@Injectable()
export class EventAge {
  constructor(private readonly config: IdentityConfig) {}

  tooOldToNotify(envelope: EventEnvelope, now = Date.now()): boolean {
    return now - Date.parse(envelope.occurredAt) > this.config.NOTIFICATIONS_MAX_EVENT_AGE_HOURS * 3_600_000;
  }
}
