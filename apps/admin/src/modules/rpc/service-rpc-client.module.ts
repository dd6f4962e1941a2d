import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { AdminConfig } from '../../config/admin.config';

/** A request/reply client on its own NATS connection, closed when the service shuts down. */
class ClosingRpcClient extends RpcClient implements OnApplicationShutdown {
  constructor(private readonly connection: ClientProxy) {
    super(connection);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}

/** Admin's clients to the services that own the data (traces, identity, …): inject the token as an RpcClient. */
@Module({})
export class ServiceRpcClientModule {
  static register(token: symbol, connectionName: string): DynamicModule {
    return {
      module: ServiceRpcClientModule,
      providers: [
        {
          provide: token,
          inject: [AdminConfig],
          useFactory: (config: AdminConfig) =>
            new ClosingRpcClient(ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, connectionName))),
        },
      ],
      exports: [token],
    };
  }
}

export const IDENTITY_RPC_CLIENT = Symbol('IDENTITY_RPC_CLIENT');
/** Admin's client to the identity service (users, roles, usernames for the lists). */
export const IdentityRpcClientModule = ServiceRpcClientModule.register(IDENTITY_RPC_CLIENT, 'admin-identity-client');
