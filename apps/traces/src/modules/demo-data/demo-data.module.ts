import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { DemoDataSeeder } from './demo-data.seeder';

@Module({
  imports: [SubscriptionsModule],
  providers: [DemoDataSeeder],
})
export class DemoDataModule {}
