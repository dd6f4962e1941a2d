import { Logger, Module } from '@nestjs/common';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PaperBrokerProvider } from '../paper/paper-broker.provider';
import { PaperModule } from '../paper/paper.module';
import { SnaptradeProvider } from '../snaptrade/snaptrade.provider';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from './brokerage-provider';

/** Chooses the provider once, at start: SnapTrade when both credentials are set, otherwise the paper broker. */
@Module({
  imports: [PaperModule],
  providers: [
    {
      provide: BROKERAGE_PROVIDER,
      inject: [BrokerageConfig, PaperBrokerProvider],
      useFactory: (config: BrokerageConfig, paper: PaperBrokerProvider): BrokerageProvider => {
        const logger = new Logger('ProviderModule');
        if (!config.usesSnaptrade) {
          logger.log('No SnapTrade credentials: using the paper broker');
          return paper;
        }
        logger.log({ basePath: config.SNAPTRADE_BASE_URL }, 'Using SnapTrade');
        return new SnaptradeProvider({
          clientId: config.SNAPTRADE_CLIENT_ID!,
          consumerKey: config.SNAPTRADE_CONSUMER_KEY!,
          basePath: config.SNAPTRADE_BASE_URL,
        });
      },
    },
  ],
  exports: [BROKERAGE_PROVIDER, PaperModule],
})
export class ProviderModule {}
