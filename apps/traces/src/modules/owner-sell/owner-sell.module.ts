import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { TracesConfig } from '../../config/traces.config';
import { OwnerTradesModule } from '../owner-trades/owner-trades.module';
import { OwnerSellController } from './owner-sell.controller';
import { OWNER_SELL_BROKERAGE } from './owner-sell.tokens';
import { RefreshBrokerageUseCase } from './use-cases/refresh-brokerage.use-case';
import { SellOwnerPositionUseCase } from './use-cases/sell-owner-position.use-case';

const BROKERAGE_PROXY = Symbol('OWNER_SELL_BROKERAGE_PROXY');

/**
 * The owner's real-time refresh (then a sync, from OwnerTradesModule) and market sell, both through the brokerage
 * service. Its own NATS request/reply client, closed on shutdown.
 */
@Module({
  imports: [OwnerTradesModule],
  controllers: [OwnerSellController],
  providers: [
    {
      provide: BROKERAGE_PROXY,
      inject: [TracesConfig],
      useFactory: (config: TracesConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'traces-owner-sell-brokerage-client')),
    },
    {
      provide: OWNER_SELL_BROKERAGE,
      inject: [BROKERAGE_PROXY],
      useFactory: (proxy: ClientProxy) => new RpcClient(proxy),
    },
    RefreshBrokerageUseCase,
    SellOwnerPositionUseCase,
  ],
})
export class OwnerSellModule implements OnApplicationShutdown {
  constructor(@Inject(BROKERAGE_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
