import { DynamicModule, Module } from '@nestjs/common';
import { serviceCoreImports } from '@copytrade/nest';
import { BrokerageConfig } from './config/brokerage.config';
import { BROKERAGE_SCHEMA, brokerageDataSourceOptions } from './database/data-source';

@Module({})
export class BrokerageAppModule {
  static register(config: BrokerageConfig): DynamicModule {
    return {
      module: BrokerageAppModule,
      imports: serviceCoreImports({ service: 'brokerage', schema: BROKERAGE_SCHEMA, config, dataSourceOptions: brokerageDataSourceOptions(config.DATABASE_URL) }),
    };
  }
}
