import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * Real PostgreSQL and NATS for integration tests: the servers at DATABASE_URL / NATS_URL when set (as on
 * this project's machines), otherwise containers started once per process by Testcontainers.
 */
let containerDatabaseUrl: Promise<string> | undefined;
let containerNatsUrl: Promise<string> | undefined;

export async function serverDatabaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  containerDatabaseUrl ??= (async () => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:15-alpine').start();
    return container.getConnectionUri();
  })();
  return containerDatabaseUrl;
}

export async function natsUrl(): Promise<string> {
  if (process.env.NATS_URL) return process.env.NATS_URL;
  containerNatsUrl ??= (async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('nats:2.9-alpine')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start();
    return `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
  })();
  return containerNatsUrl;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test server, so suites never interfere with each other. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const serverUrl = await serverDatabaseUrl();
  const name = `t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

async function withAdminClient<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A unique suffix for stream, consumer and subject names so parallel suites share one NATS server safely. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}
