import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { IdentityConfig } from './config/identity.config';
import { IDENTITY_SCHEMA, identityDataSourceOptions } from './database/data-source';
import { SessionsModule } from './modules/sessions/sessions.module';
import { UsersModule } from './modules/users/users.module';

@Module({})
export class IdentityAppModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityAppModule,
      imports: [
        ...serviceCoreImports({ service: 'identity', schema: IDENTITY_SCHEMA, config, dataSourceOptions: identityDataSourceOptions(config.DATABASE_URL) }),
        SessionsModule,
        UsersModule,
      ],
    };
  }
}
