import { Module } from '@nestjs/common';
import { ProjectionSyncModule } from '@copytrade/nest';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { OnboardingTraderController, OnboardingTraderReader } from './onboarding-trader.controller';

@Module({
  imports: [SubscriptionsModule, ProjectionSyncModule],
  controllers: [OnboardingTraderController],
  providers: [OnboardingTraderReader],
})
export class TracesOnboardingModule {}
