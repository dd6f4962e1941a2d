import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { TracesConfig } from '../../config/traces.config';
import { BrokerageReader } from './brokerage-reader';
import { OrderFilledHandler } from './handlers/order-filled.handler';
import { OwnerTradesController } from './owner-trades.controller';
import { CleanupOwnerTradesUseCase } from './use-cases/cleanup-owner-trades.use-case';
import { ListOwnerTradesUseCase } from './use-cases/list-owner-trades.use-case';
import { ShareTradeUseCase } from './use-cases/share-trade.use-case';
import { SyncOwnerTradesUseCase } from './use-cases/sync-owner-trades.use-case';

const BROKERAGE_PROXY = Symbol('BROKERAGE_PROXY');

/**
 * Trades from the owner's brokerage (sync, fills, cleanup) and sharing. Its own NATS request/reply client to the
 * brokerage service, closed on shutdown.
 */
@Module({
  controllers: [OwnerTradesController],
  providers: [
    {
      provide: BROKERAGE_PROXY,
      inject: [TracesConfig],
      useFactory: (config: TracesConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'traces-brokerage-client')),
    },
    {
      provide: BrokerageReader,
      inject: [BROKERAGE_PROXY],
      useFactory: (proxy: ClientProxy) => new BrokerageReader(new RpcClient(proxy)),
    },
    SyncOwnerTradesUseCase,
    ListOwnerTradesUseCase,
    CleanupOwnerTradesUseCase,
    ShareTradeUseCase,
    OrderFilledHandler,
  ],
  exports: [SyncOwnerTradesUseCase],
})
export class OwnerTradesModule implements OnApplicationShutdown {
  constructor(@Inject(BROKERAGE_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
