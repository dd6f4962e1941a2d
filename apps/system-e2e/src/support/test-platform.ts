import { createTestDatabase, natsUrl } from '@copytrade/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { findNatsServer, startNatsServer, startPlatform, type RunningPlatform } from '@copytrade/tools-dev';
import { freePortBlock } from '@copytrade/testing';

export const TEST_ADMIN = { username: 'admin', email: 'admin@copytrade.local', password: 'Admin-Beta-2026!' };
export const TEST_DEMO = { username: 'demo', email: 'demo@copytrade.local', password: 'Demo-Trader-2026!' };

export interface TestPlatform extends RunningPlatform {
  logDir: string;
}

/**
 * The whole product, started from its built apps, isolated for one suite: its own database on the test
 * PostgreSQL server, its own nats-server (so no other suite's events reach it; NATS_URL when no binary).
 * `extraEnv` adds variables for every app (for example a small BETA_MAX_USERS).
 */
export async function startTestPlatform(
  label: string,
  fixedPort?: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<TestPlatform> {
  const workDir = mkdtempSync(join(tmpdir(), `copytrade-${label}-`));
  const database = await createTestDatabase(label);
  const port = fixedPort ?? (await freePortBlock(7));
  const binary = findNatsServer();
  const nats = binary
    ? await startNatsServer(binary, workDir, port + 6)
    : { url: await natsUrl(), stop: async () => undefined };
  const logDir = join(workDir, 'logs');
  try {
    const platform = await startPlatform({
      port,
      dataDir: workDir,
      databaseUrl: database.url,
      natsUrl: nats.url,
      embeddedPostgresPort: 0,
      embeddedNatsPort: 0,
      logDir,
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        // The tests read the development mailbox and drive the paper market (/api/dev/*).
        DEV_TOOLS: 'true',
        // A notification e-mail goes 2 s after its first notification instead of 30 s: the tests read it.
        NOTIFICATION_EMAIL_GATHER_SECONDS: '2',
        ...extraEnv,
      },
    });
    return {
      ...platform,
      logDir,
      stop: async () => {
        await platform.stop();
        await nats.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await nats.stop();
    await database.drop();
    throw new Error(`Platform did not start (logs in ${logDir}): ${(error as Error).message}`);
  }
}

/** The product started for one jest suite, and a PostgreSQL client on its database. */
export interface PlatformSuite {
  readonly platform: TestPlatform;
  readonly db: Client;
}

/**
 * For a jest API suite: starts the product in `beforeAll` (see startTestPlatform) with a client connected to
 * its database, and ends both in `afterAll`. `platform` and `db` can be read from the suite's later hooks and
 * its tests on.
 */
export function useTestPlatform(label: string, extraEnv: NodeJS.ProcessEnv = {}): PlatformSuite {
  let platform: TestPlatform | undefined;
  let db: Client | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`The ${label} platform is used before its beforeAll ran`);
    return value;
  };

  beforeAll(async () => {
    platform = await startTestPlatform(label, undefined, extraEnv);
    db = new Client({ connectionString: platform.databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await platform?.stop();
  });

  return {
    get platform() {
      return started(platform);
    },
    get db() {
      return started(db);
    },
  };
}
