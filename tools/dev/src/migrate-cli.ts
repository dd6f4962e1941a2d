import { runAllMigrations } from './platform/migrations';

/** `npm run migrate`: applies every service's migrations to DATABASE_URL (the Kubernetes Job runs the same). */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required (npm start migrates its embedded database by itself).');
  process.exit(1);
}
runAllMigrations(databaseUrl).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
