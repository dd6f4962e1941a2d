import { Module } from '@nestjs/common';
import { OwnerTradesModule } from '../owner-trades/owner-trades.module';
import { BrokerageAccountUpdatedHandler } from './handlers/brokerage-account-updated.handler';

/**
 * What makes the owners' trades follow their brokerage without anyone pressing sync: the provider's notifications
 * (BrokerageAccountUpdated, from SnapTrade's webhooks) run the owner-trades sync. Fills placed through the product
 * arrive by OrderFilled (OwnerTradesModule); the web app's auto-sync is the fallback for both.
 */
@Module({
  imports: [OwnerTradesModule],
  providers: [BrokerageAccountUpdatedHandler],
})
export class BrokerageSyncTriggersModule {}
