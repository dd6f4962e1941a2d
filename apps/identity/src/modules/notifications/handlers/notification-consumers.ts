import { Injectable } from '@nestjs/common';
import { EventConsumerRegistry, type EventConsumerRegistration } from '@copytrade/nest';
import { IdentityConfig } from '../../../config/identity.config';

/** Registers the notification consumers, unless NOTIFICATIONS_ENABLED is off (then none is created). */
@Injectable()
export class NotificationConsumers {
  constructor(
    private readonly consumers: EventConsumerRegistry,
    private readonly config: IdentityConfig,
  ) {}

  get enabled(): boolean {
    return this.config.NOTIFICATIONS_ENABLED;
  }

  async register<T>(registration: EventConsumerRegistration<T>): Promise<void> {
    if (this.enabled) await this.consumers.register(registration);
  }
}
