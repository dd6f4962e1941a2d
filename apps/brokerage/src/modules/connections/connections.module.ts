import { Module } from '@nestjs/common';
import { ProjectionSyncModule } from '@copytrade/nest';
import { ProviderModule } from '../provider/provider.module';
import { ConnectionsController } from './connections.controller';
import { ProviderUsers } from './provider-users.service';
import { SecretCipher } from './secret-cipher';
import { CreateConnectionPortalUseCase } from './use-cases/create-connection-portal.use-case';
import { ManageConnectionUseCase } from './use-cases/manage-connection.use-case';
import { RegisterProviderUserUseCase } from './use-cases/register-provider-user.use-case';
import { SyncBrokerageLinkUseCase } from './use-cases/sync-brokerage-link.use-case';

@Module({
  imports: [ProviderModule, ProjectionSyncModule],
  controllers: [ConnectionsController],
  providers: [
    SecretCipher,
    ProviderUsers,
    RegisterProviderUserUseCase,
    CreateConnectionPortalUseCase,
    SyncBrokerageLinkUseCase,
    ManageConnectionUseCase,
  ],
  exports: [ProviderUsers, SyncBrokerageLinkUseCase, ManageConnectionUseCase, ProviderModule],
})
export class ConnectionsModule {}
