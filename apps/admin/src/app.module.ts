import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { AdminConfig } from './config/admin.config';
import { ADMIN_SCHEMA, adminDataSourceOptions } from './database/data-source';
import { FeedbackModule } from './modules/feedback/feedback.module';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { AdminTracesModule } from './modules/traces/admin-traces.module';
import { AdminUsersModule } from './modules/users/admin-users.module';
import { AdminTradesModule } from './modules/trades/admin-trades.module';
import { AdminBrokerageModule } from './modules/brokerage/admin-brokerage.module';
import { AdminAuditLogModule } from './modules/audit/admin-audit-log.module';

@Module({})
export class AdminAppModule {
  static register(config: AdminConfig): DynamicModule {
    return {
      module: AdminAppModule,
      imports: [
        ...serviceCoreImports({
          service: 'admin',
          schema: ADMIN_SCHEMA,
          config,
          dataSourceOptions: adminDataSourceOptions(config.DATABASE_URL),
        }),
        MaintenanceModule,
        FeedbackModule,
        AdminTracesModule,
        AdminUsersModule,
        AdminAuditLogModule,
        AdminTradesModule,
        AdminBrokerageModule,
      ],
    };
  }
}
