import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { AdminConfig } from '../../config/admin.config';

export const TRACES_RPC_CLIENT = Symbol('TRACES_RPC_CLIENT');
const TRACES_PROXY = Symbol('TRACES_PROXY');

/** Admin's request/reply client to the traces service (its own NATS connection, closed on shutdown). */
@Module({
  providers: [
    {
      provide: TRACES_PROXY,
      inject: [AdminConfig],
      useFactory: (config: AdminConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.NATS_URL, 'admin-traces-client')),
    },
    { provide: TRACES_RPC_CLIENT, inject: [TRACES_PROXY], useFactory: (proxy: ClientProxy) => new RpcClient(proxy) },
  ],
  exports: [TRACES_RPC_CLIENT],
})
export class TracesRpcClientModule implements OnApplicationShutdown {
  constructor(@Inject(TRACES_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
