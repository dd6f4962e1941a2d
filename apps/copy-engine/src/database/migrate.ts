import { loadConfig, runMigrationsCommand } from '@copytrade/nest';
import { CopyEngineConfig } from '../config/copy-engine.config';
import { copyEngineDataSourceOptions } from './data-source';

runMigrationsCommand('copy-engine', () => copyEngineDataSourceOptions(loadConfig(CopyEngineConfig).DATABASE_URL));
