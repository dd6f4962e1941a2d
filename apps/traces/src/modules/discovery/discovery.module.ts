import { Module } from '@nestjs/common';
import { IdentityUsersModule } from '../identity-users/identity-users.module';
import { DiscoveryController } from './discovery.controller';
import { GetTraceUseCase } from './use-cases/get-trace.use-case';
import { ListTracesUseCase } from './use-cases/list-traces.use-case';
import { ListTradesUseCase } from './use-cases/list-trades.use-case';

@Module({
  imports: [IdentityUsersModule],
  controllers: [DiscoveryController],
  providers: [ListTracesUseCase, GetTraceUseCase, ListTradesUseCase],
})
export class DiscoveryModule {}
