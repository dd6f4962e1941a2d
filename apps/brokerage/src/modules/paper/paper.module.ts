import { Module } from '@nestjs/common';
import { PaperBrokerProvider } from './paper-broker.provider';
import { PaperBulkOrders } from './paper-bulk-orders';
import { PaperFills } from './paper-fills';
import { PaperMarketClock } from './paper-market-clock';
import { PaperOrderScripts } from './paper-order-script';
import { PaperPortalService } from './paper-portal.service';
import { PaperPriceFeed } from './paper-price-feed';

/** The simulated brokerage (always built; used as the provider only without SnapTrade credentials). */
@Module({
  providers: [
    PaperMarketClock,
    PaperPriceFeed,
    PaperFills,
    PaperOrderScripts,
    PaperBrokerProvider,
    PaperBulkOrders,
    PaperPortalService,
  ],
  exports: [
    PaperMarketClock,
    PaperPriceFeed,
    PaperOrderScripts,
    PaperBrokerProvider,
    PaperBulkOrders,
    PaperPortalService,
  ],
})
export class PaperModule {}
