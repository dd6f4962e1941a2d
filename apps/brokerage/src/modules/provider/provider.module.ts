import { Logger, Module } from '@nestjs/common';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PaperBrokerProvider } from '../paper/paper-broker.provider';
import { PaperModule } from '../paper/paper.module';
import { RateLimitStoreService } from '../snaptrade/rate-limit-store.service';
import { SnaptradeRateLimiter } from '../snaptrade/snaptrade-rate-limiter';
import { SnaptradeProvider } from '../snaptrade/snaptrade.provider';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from './brokerage-provider';

/** Chooses the provider once, at start: SnapTrade when both credentials are set, otherwise the paper broker. */
@Module({
  imports: [PaperModule],
  providers: [
    RateLimitStoreService,
    {
      provide: BROKERAGE_PROVIDER,
      inject: [BrokerageConfig, PaperBrokerProvider, RateLimitStoreService],
      useFactory: (
        config: BrokerageConfig,
        paper: PaperBrokerProvider,
        store: RateLimitStoreService,
      ): BrokerageProvider => {
        const logger = new Logger('ProviderModule');
        if (!config.usesSnaptrade) {
          logger.log('No SnapTrade credentials: using the paper broker');
          return paper;
        }
        logger.log({ basePath: config.SNAPTRADE_BASE_URL }, 'Using SnapTrade');
        const limiter = new SnaptradeRateLimiter(
          {
            requestsPerWindow: config.SNAPTRADE_REQUESTS_PER_WINDOW,
            headroom: config.SNAPTRADE_REQUEST_HEADROOM,
            windowSeconds: config.SNAPTRADE_RATE_WINDOW_SECONDS,
            tradeIntervalMs: config.SNAPTRADE_TRADE_INTERVAL_MS,
            maxWaitMs: config.SNAPTRADE_QUEUE_MAX_WAIT_MS,
            tradeLeaseMs: config.SNAPTRADE_ORDER_TIMEOUT_MS + config.SNAPTRADE_TRADE_INTERVAL_MS,
          },
          store.get(),
          config.SNAPTRADE_CLIENT_ID!,
        );
        return new SnaptradeProvider({
          clientId: config.SNAPTRADE_CLIENT_ID!,
          consumerKey: config.SNAPTRADE_CONSUMER_KEY!,
          basePath: config.SNAPTRADE_BASE_URL,
          orderTimeoutMs: config.SNAPTRADE_ORDER_TIMEOUT_MS,
          limiter,
        });
      },
    },
  ],
  exports: [BROKERAGE_PROVIDER, PaperModule],
})
export class ProviderModule {}
