import { loadConfig, runMigrationsCommand } from '@copytrade/nest';
import { BrokerageConfig } from '../config/brokerage.config';
import { brokerageDataSourceOptions } from './data-source';

runMigrationsCommand('brokerage', () => brokerageDataSourceOptions(loadConfig(BrokerageConfig).DATABASE_URL));
