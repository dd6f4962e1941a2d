import { Transport, type NatsOptions } from '@nestjs/microservices';
import { BoundedReplySerializer } from './bounded-reply.serializer';

/** Core NATS request/reply for one service; the queue group spreads requests over its replicas. */
export function natsRpcServerOptions(natsUrl: string, service: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: {
      servers: [natsUrl],
      queue: service,
      name: `${service}-rpc`,
      maxReconnectAttempts: -1,
      serializer: new BoundedReplySerializer(),
    },
  };
}

export function natsRpcClientOptions(natsUrl: string, name: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [natsUrl], name: `${name}-rpc-client`, maxReconnectAttempts: -1 },
  };
}
