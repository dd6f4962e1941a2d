import { Transport, type NatsOptions } from '@nestjs/microservices';

/** Core NATS request/reply for one service; the queue group spreads requests over its replicas. */
export function natsRpcServerOptions(natsUrl: string, service: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [natsUrl], queue: service, name: `${service}-rpc`, maxReconnectAttempts: -1 },
  };
}

export function natsRpcClientOptions(natsUrl: string, name: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [natsUrl], name: `${name}-rpc-client`, maxReconnectAttempts: -1 },
  };
}
