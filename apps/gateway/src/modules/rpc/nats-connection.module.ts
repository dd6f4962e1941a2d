import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { connectNats, ensureEventsStream, NATS_CONNECTION } from '@copytrade/nest';
import { GatewayConfig } from '../../config/gateway.config';

/** The gateway's JetStream connection: it only listens to events (it owns no data and no outbox). */
@Global()
@Module({
  providers: [{ provide: NATS_CONNECTION, inject: [GatewayConfig], useFactory: connectAndEnsureStream }],
  exports: [NATS_CONNECTION],
})
export class NatsConnectionModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.nats.isClosed()) await this.nats.drain();
  }
}

/** The gateway may start before any service has created the events stream; creating it is idempotent. */
async function connectAndEnsureStream(config: GatewayConfig): Promise<NatsConnection> {
  const nats = await connectNats(config.natsAddress, 'gateway');
  await ensureEventsStream(nats, { replicas: config.JETSTREAM_REPLICAS });
  return nats;
}
