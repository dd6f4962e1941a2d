import { Module } from '@nestjs/common';
import { SubscriptionLedger } from './subscription-ledger';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscribeUseCase } from './use-cases/subscribe.use-case';
import { UnsubscribeUseCase } from './use-cases/unsubscribe.use-case';

@Module({
  controllers: [SubscriptionsController],
  providers: [SubscriptionLedger, SubscribeUseCase, UnsubscribeUseCase],
  exports: [SubscriptionLedger],
})
export class SubscriptionsModule {}
