import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { BrokerageConfig } from './config/brokerage.config';
import { BROKERAGE_SCHEMA, brokerageDataSourceOptions } from './database/data-source';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AdminToolsModule } from './modules/admin-tools/admin-tools.module';
import { ConnectionsModule } from './modules/connections/connections.module';
import { OrdersModule } from './modules/orders/orders.module';
import { PaperApiModule } from './modules/paper/paper-api.module';
import { PortfolioHistoryModule } from './modules/portfolio-history/portfolio-history.module';
import { SnaptradeWebhooksModule } from './modules/webhooks/snaptrade-webhooks.module';

@Module({})
export class BrokerageAppModule {
  static register(config: BrokerageConfig): DynamicModule {
    return {
      module: BrokerageAppModule,
      imports: [
        ...serviceCoreImports({
          service: 'brokerage',
          schema: BROKERAGE_SCHEMA,
          config,
          dataSourceOptions: brokerageDataSourceOptions(config.DATABASE_URL),
        }),
        ConnectionsModule,
        AccountsModule,
        OrdersModule,
        PortfolioHistoryModule,
        PaperApiModule,
        SnaptradeWebhooksModule,
        AdminToolsModule,
      ],
    };
  }
}
