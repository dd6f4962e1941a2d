import { Module } from '@nestjs/common';
import { IdentityUsersModule } from '../identity-users/identity-users.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AdminTracesController } from './admin-traces.controller';

@Module({ imports: [SubscriptionsModule, IdentityUsersModule], controllers: [AdminTracesController] })
export class AdminTracesModule {}
