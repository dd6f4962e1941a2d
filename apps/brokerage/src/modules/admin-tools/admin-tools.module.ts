import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ConnectionsModule } from '../connections/connections.module';
import { AdminToolsController } from './admin-tools.controller';
import { DeleteProviderUserUseCase } from './use-cases/delete-provider-user.use-case';
import { ListAllConnectionsUseCase } from './use-cases/list-all-connections.use-case';
import { ListProviderUsersUseCase } from './use-cases/list-provider-users.use-case';
import { ReadUserBrokerageUseCase } from './use-cases/read-user-brokerage.use-case';
import { RemoveUserConnectionsUseCase } from './use-cases/remove-user-connections.use-case';

/** The admin panel's brokerage tools (All Connections, SnapTrade Users, User Details). */
@Module({
  imports: [ConnectionsModule, AccountsModule],
  controllers: [AdminToolsController],
  providers: [
    ListAllConnectionsUseCase,
    ListProviderUsersUseCase,
    ReadUserBrokerageUseCase,
    RemoveUserConnectionsUseCase,
    DeleteProviderUserUseCase,
  ],
})
export class AdminToolsModule {}
