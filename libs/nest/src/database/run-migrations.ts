import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

/**
 * Runs one service's pending migrations. Called only by the `migrate` command (and the Kubernetes Job),
 * never at service boot. An advisory lock per schema makes two concurrent runs wait for each other
 * instead of racing.
 */
export async function runServiceMigrations(
  options: DataSourceOptions & { url: string; schema: string },
): Promise<string[]> {
  const lockClient = new Client({ connectionString: options.url });
  await lockClient.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${options.schema}`]);
    await lockClient.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await lockClient.query('CREATE EXTENSION IF NOT EXISTS pgcrypto').catch(() => undefined);
    const dataSource = new DataSource({ ...options, logging: ['error'] } as DataSourceOptions);
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lockClient
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${options.schema}`])
      .catch(() => undefined);
    await lockClient.end();
  }
}

/** Body of every service's `database/migrate.ts` entry point. */
export function runMigrationsCommand(
  service: string,
  options: () => DataSourceOptions & { url: string; schema: string },
): void {
  runServiceMigrations(options())
    .then((applied) =>
      console.log(`${service}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`),
    )
    .catch((error: unknown) => {
      console.error(`${service}: migration failed`, error);
      process.exit(1);
    });
}
