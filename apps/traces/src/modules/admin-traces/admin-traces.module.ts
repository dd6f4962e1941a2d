import { Module } from '@nestjs/common';
import { IdentityUsersModule } from '../identity-users/identity-users.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { TracesAdminTracesController } from './admin-traces.controller';

@Module({ imports: [SubscriptionsModule, IdentityUsersModule], controllers: [TracesAdminTracesController] })
export class TracesAdminTracesModule {}
