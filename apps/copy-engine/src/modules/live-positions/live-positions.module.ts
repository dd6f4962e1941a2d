import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { LivePositionsController } from './live-positions.controller';
import { LIVE_POSITIONS_RPC } from './live-positions.tokens';
import { ListLivePositionsUseCase } from './live-positions.use-case';

const RPC_PROXY = Symbol('LIVE_POSITIONS_RPC_PROXY');

/**
 * rpc.copy-engine.live-positions.list: traces' visible open shared trades with this service's copy counts, the
 * user's copies and the brokerage's quotes. Its own NATS request/reply client, closed on shutdown.
 */
@Module({
  controllers: [LivePositionsController],
  providers: [
    {
      provide: RPC_PROXY,
      inject: [CopyEngineConfig],
      useFactory: (config: CopyEngineConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'copy-engine-live-positions-client')),
    },
    { provide: LIVE_POSITIONS_RPC, inject: [RPC_PROXY], useFactory: (proxy: ClientProxy) => new RpcClient(proxy) },
    ListLivePositionsUseCase,
  ],
})
export class LivePositionsModule implements OnApplicationShutdown {
  constructor(@Inject(RPC_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
