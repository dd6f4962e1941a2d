import { runServiceMigrations } from '@copytrade/nest';
import { copyEngineDataSourceOptions } from '../../src/database/data-source';

/** The copy engine's real migrations on a test database. */
export const runCopyEngineMigrations = (url: string) => runServiceMigrations(copyEngineDataSourceOptions(url));
