import { loadConfig, runMigrationsCommand } from '@copytrade/nest';
import { AdminConfig } from '../config/admin.config';
import { adminDataSourceOptions } from './data-source';

runMigrationsCommand('admin', () => adminDataSourceOptions(loadConfig(AdminConfig).DATABASE_URL));
