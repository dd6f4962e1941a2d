import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { MESSAGING_OPTIONS } from '../messaging/messaging.constants';
import type { MessagingModuleOptions } from '../messaging/messaging-module-options';
import { natsRpcClientOptions } from '../rpc/nats-transport.options';
import { RpcClient } from '../rpc/rpc-client';
import { ProjectionSync } from './projection-sync';

const PROJECTION_SYNC_PROXY = Symbol('PROJECTION_SYNC_PROXY');

/** ProjectionSync for a service (needs its MessagingModule): a request/reply client of its own. */
@Module({
  providers: [
    {
      provide: PROJECTION_SYNC_PROXY,
      inject: [MESSAGING_OPTIONS],
      useFactory: (options: MessagingModuleOptions) =>
        ClientProxyFactory.create(natsRpcClientOptions(options.natsUrl, `${options.producer}-projection-sync`)),
    },
    {
      provide: ProjectionSync,
      inject: [PROJECTION_SYNC_PROXY],
      useFactory: (proxy: ClientProxy) => new ProjectionSync(new RpcClient(proxy)),
    },
  ],
  exports: [ProjectionSync],
})
export class ProjectionSyncModule implements OnApplicationShutdown {
  constructor(@Inject(PROJECTION_SYNC_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
