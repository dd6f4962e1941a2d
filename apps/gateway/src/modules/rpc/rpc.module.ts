import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory } from '@nestjs/microservices';
import { ActorSigner, natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { GatewayConfig } from '../../config/gateway.config';

const NATS_RPC_PROXY = Symbol('NATS_RPC_PROXY');

/** One NATS request/reply client for the whole gateway; it signs the session's actor on every call. */
@Global()
@Module({
  providers: [
    {
      provide: NATS_RPC_PROXY,
      inject: [GatewayConfig],
      useFactory: (config: GatewayConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'gateway')),
    },
    {
      provide: RpcClient,
      inject: [NATS_RPC_PROXY, GatewayConfig],
      useFactory: (proxy: ClientProxy, config: GatewayConfig) =>
        new RpcClient(proxy, undefined, new ActorSigner(config.ACTOR_SIGNING_PRIVATE_KEY)),
    },
  ],
  exports: [RpcClient],
})
export class RpcModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_RPC_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown() {
    await this.proxy.close();
  }
}
