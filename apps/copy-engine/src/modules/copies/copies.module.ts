import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, ProjectionSyncModule, RpcClient } from '@copytrade/nest';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { CopiesController } from './copies.controller';
import { COPY_ENGINE_RPC } from './copies.tokens';
import { CopyPlacement } from './copy-placement';
import { LiveQuotes } from '../copy-limits/live-quotes';
import { CopySellPlacement } from './copy-sell-placement';
import { CopySellSweeper } from './copy-sell-sweeper';
import { CopySweeper } from './copy-sweeper';
import { MarketOpenQueue } from './market-open-queue';
import { NextMarketOpen } from './next-market-open';
import { CopyOrderEventsHandler } from './handlers/copy-order-events.handler';
import { CopyTradeUseCase } from './use-cases/copy-trade.use-case';
import { GetCopyOfTradeUseCase } from './use-cases/get-copy-of-trade.use-case';
import { MyCopiesController } from './my-copies.controller';
import { CloseCopyUseCase } from './use-cases/close-copy.use-case';
import { MyCopiesUseCase } from './use-cases/my-copies.use-case';
import { RefreshCopyPriceUseCase } from './use-cases/refresh-copy-price.use-case';
import { SellCopyUseCase } from './use-cases/sell-copy.use-case';

const RPC_PROXY = Symbol('COPY_ENGINE_RPC_PROXY');

/**
 * Manual copies: the copy-trade saga (checks, PENDING record, brokerage order, fill), the consumer of the brokerage's
 * order events, the sweepers of pending copies and sells, and the copy recorded for a trade; then the follower's sell
 * and close of a copy, their copies and performance, and a copy's price refresh. An automatic copy refused for a
 * closed market, whichever way the refusal arrives, waits for the open when its follower asks so (MarketOpenQueue).
 * Its own NATS request/reply client to traces and the brokerage, closed on shutdown.
 */
@Module({
  imports: [ProjectionSyncModule],
  controllers: [CopiesController, MyCopiesController],
  providers: [
    {
      provide: RPC_PROXY,
      inject: [CopyEngineConfig],
      useFactory: (config: CopyEngineConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'copy-engine-client')),
    },
    { provide: COPY_ENGINE_RPC, inject: [RPC_PROXY], useFactory: (proxy: ClientProxy) => new RpcClient(proxy) },
    CopyPlacement,
    CopySellPlacement,
    LiveQuotes,
    CopyTradeUseCase,
    GetCopyOfTradeUseCase,
    CopyOrderEventsHandler,
    CopySweeper,
    CopySellSweeper,
    SellCopyUseCase,
    CloseCopyUseCase,
    MyCopiesUseCase,
    RefreshCopyPriceUseCase,
    MarketOpenQueue,
    NextMarketOpen,
  ],
  // Automatic copying places through the same brokerage client, quotes the same way, sells through the same path
  // and queues a closed market's refusals for the open as the order events and the sweeper do; the guards' closes
  // wait for the same open.
  exports: [COPY_ENGINE_RPC, CopySellPlacement, LiveQuotes, MarketOpenQueue, NextMarketOpen],
})
export class CopiesModule implements OnApplicationShutdown {
  constructor(@Inject(RPC_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
