import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePortBlock, natsUrl } from '@copytrade/testing';
import { findNatsServer, startNatsServer, startPlatform, type RunningPlatform } from '@copytrade/tools-dev';

export const DEMO = { username: 'demo', password: 'Demo-Trader-2026!' };
/** The development admin the identity service seeds outside production. */
export const ADMIN = { username: 'admin', password: 'Admin-Beta-2026!' };

/** A minimal cookie + CSRF client for the gateway. */
export class Session {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(
    method: string,
    path: string,
    body?: object,
    headers: Record<string, string> = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a benchmark reads whatever JSON comes back
  ): Promise<{ status: number; json: any }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: this.cookieHeader,
        'content-type': 'application/json',
        'x-csrf-token': this.csrf,
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      this.cookies.set(name!, value ?? '');
    }
    return { status: response.status, json: await response.json() };
  }

  async refreshCsrf(): Promise<void> {
    this.csrf = (await this.call('GET', '/api/csrf-token')).json.csrfToken;
  }
}

/** A base port with the next six free too (gateway, five service probes, nats-server). */
export const freePort = (): Promise<number> => freePortBlock(7);

export interface BenchProduct {
  platform: RunningPlatform;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The built product on a fresh database, with its own nats-server when one is on PATH. BENCH_PORT fixes the
 * gateway's port (the services' health probes take the next five, the nats-server the one after), and
 * BENCH_NATS_URL runs it on a NATS server already started (JetStream on) instead of its own. `env` is given to
 * every service.
 */
export async function startBenchProduct(name: string, env: Record<string, string> = {}): Promise<BenchProduct> {
  const workDir = mkdtempSync(join(tmpdir(), 'copytrade-bench-'));
  const database = await createTestDatabase(name);
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const binary = findNatsServer();
  const nats = process.env.BENCH_NATS_URL
    ? { url: process.env.BENCH_NATS_URL, stop: async () => undefined }
    : binary
      ? await startNatsServer(binary, workDir, port + 6)
      : { url: await natsUrl(), stop: async () => undefined };
  // A product that fails to start must not leave its nats-server running (the bench would never exit) nor its
  // database behind.
  const platform = await startPlatform({
    port,
    dataDir: workDir,
    databaseUrl: database.url,
    natsUrl: nats.url,
    embeddedPostgresPort: 0,
    embeddedNatsPort: 0,
    logDir: join(workDir, 'logs'),
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
  }).catch(async (error: unknown) => {
    await nats.stop();
    await database.drop();
    throw error;
  });
  return {
    platform,
    databaseUrl: database.url,
    stop: async () => {
      await platform.stop();
      await nats.stop();
      await database.drop();
    },
  };
}

/** Signs the demo user in, registers it with the paper broker and connects a paper account. */
export async function connectedDemo(baseUrl: string): Promise<{ session: Session; userId: string }> {
  const session = new Session(baseUrl);
  await session.refreshCsrf();
  const login = await session.call('POST', '/api/login', DEMO);
  if (login.status !== 200) throw new Error(`demo login answered ${login.status}: ${JSON.stringify(login.json)}`);
  const userId = login.json.user.id as string;
  await session.refreshCsrf();
  await session.call('POST', '/api/snaptrade/register-user', { userId });
  const portal = await session.call('POST', '/api/snaptrade/connection-portal', {
    userId,
    customRedirect: '/dashboard',
  });
  await session.call('POST', `/api/paper/portal/${(portal.json.connectionUrl as string).split('/').pop()}/connect`);
  return { session, userId };
}

/** A new trace owned by `ownerId`, created by the admin (POST /api/admin/create-trace); answers its id. */
export async function traceOwnedBy(baseUrl: string, ownerId: string, handle: string): Promise<string> {
  const admin = new Session(baseUrl);
  await admin.refreshCsrf();
  const login = await admin.call('POST', '/api/login', ADMIN);
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${JSON.stringify(login.json)}`);
  await admin.refreshCsrf();
  const created = await admin.call('POST', '/api/admin/create-trace', {
    userId: login.json.user.id,
    name: handle,
    handle,
    ownerId,
  });
  if (created.status !== 200)
    throw new Error(`create-trace answered ${created.status}: ${JSON.stringify(created.json)}`);
  return created.json.trace.id as string;
}
