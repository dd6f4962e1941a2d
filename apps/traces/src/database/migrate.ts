import { loadConfig, runMigrationsCommand } from '@copytrade/nest';
import { TracesConfig } from '../config/traces.config';
import { tracesDataSourceOptions } from './data-source';

runMigrationsCommand('traces', () => tracesDataSourceOptions(loadConfig(TracesConfig).DATABASE_URL));
