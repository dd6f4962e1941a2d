import { BACKEND_SERVICES, runToCompletion } from './services';

/** The `migrate` command: each service applies its own migrations to its own schema, one after another. */
export async function runAllMigrations(databaseUrl: string): Promise<void> {
  for (const service of BACKEND_SERVICES) {
    await runToCompletion(service, 'database/migrate.js', {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    });
  }
}
