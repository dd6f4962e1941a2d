import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { TracesConfig } from '../../config/traces.config';
import { IdentityUsers } from './identity-users';

const IDENTITY_PROXY = Symbol('IDENTITY_PROXY');

/** The traces service's request/reply client to identity (its own NATS connection, closed on shutdown). */
@Module({
  providers: [
    {
      provide: IDENTITY_PROXY,
      inject: [TracesConfig],
      useFactory: (config: TracesConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'traces-identity-client')),
    },
    {
      provide: IdentityUsers,
      inject: [IDENTITY_PROXY],
      useFactory: (proxy: ClientProxy) => new IdentityUsers(new RpcClient(proxy)),
    },
  ],
  exports: [IdentityUsers],
})
export class IdentityUsersModule implements OnApplicationShutdown {
  constructor(@Inject(IDENTITY_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
