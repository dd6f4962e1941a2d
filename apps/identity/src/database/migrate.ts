import { loadConfig, runMigrationsCommand } from '@copytrade/nest';
import { IdentityConfig } from '../config/identity.config';
import { identityDataSourceOptions } from './data-source';

runMigrationsCommand('identity', () => identityDataSourceOptions(loadConfig(IdentityConfig).DATABASE_URL));
