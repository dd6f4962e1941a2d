import { runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';

/**
 * Registers the suite's beforeAll / afterAll: a fresh database with traces' real migrations and a connection to it
 * (no service running). `dataSource()` answers the connection once the suite has started.
 */
export function useMigratedTracesDatabase(label: string): { dataSource: () => DataSource } {
  let database: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(label);
    await runServiceMigrations(tracesDataSourceOptions(database.url));
    dataSource = new DataSource(tracesDataSourceOptions(database.url));
    await dataSource.initialize();
  }, 60_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  return { dataSource: () => dataSource! };
}
