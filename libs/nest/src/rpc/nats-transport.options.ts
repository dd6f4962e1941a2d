import { Transport, type NatsOptions } from '@nestjs/microservices';
import { natsConnectOptions, type NatsTarget } from '../messaging/nats-address';
import { BoundedReplySerializer } from './bounded-reply.serializer';

/** Core NATS request/reply for one service; the queue group spreads requests over its replicas. */
export function natsRpcServerOptions(nats: NatsTarget, service: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: {
      ...natsConnectOptions(nats),
      queue: service,
      name: `${service}-rpc`,
      maxReconnectAttempts: -1,
      serializer: new BoundedReplySerializer(),
    },
  };
}

export function natsRpcClientOptions(nats: NatsTarget, name: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { ...natsConnectOptions(nats), name: `${name}-rpc-client`, maxReconnectAttempts: -1 },
  };
}
