import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { GatewayConfig } from '../../config/gateway.config';

const NATS_RPC_PROXY = Symbol('NATS_RPC_PROXY');

/** One NATS request/reply client for the whole gateway. */
@Global()
@Module({
  providers: [
    {
      provide: NATS_RPC_PROXY,
      inject: [GatewayConfig],
      useFactory: (config: GatewayConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.NATS_URL, 'gateway')),
    },
    { provide: RpcClient, inject: [NATS_RPC_PROXY], useFactory: (proxy: ClientProxy) => new RpcClient(proxy) },
  ],
  exports: [RpcClient],
})
export class RpcModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_RPC_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown() {
    await this.proxy.close();
  }
}
