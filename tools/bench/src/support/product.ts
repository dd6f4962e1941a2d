import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePortBlock, natsUrl } from '@copytrade/testing';
import { findNatsServer, startNatsServer, startPlatform, type RunningPlatform } from '@copytrade/tools-dev';

export const DEMO = { username: 'demo', password: 'Demo-Trader-2026!' };

/** A minimal cookie + CSRF client for the gateway. */
export class Session {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a benchmark reads whatever JSON comes back
  async call(method: string, path: string, body?: object): Promise<{ status: number; json: any }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookieHeader, 'content-type': 'application/json', 'x-csrf-token': this.csrf },
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

/** The built product on a fresh database, with its own nats-server when one is on PATH. */
export async function startBenchProduct(name: string): Promise<BenchProduct> {
  const workDir = mkdtempSync(join(tmpdir(), 'copytrade-bench-'));
  const database = await createTestDatabase(name);
  const port = await freePort();
  const binary = findNatsServer();
  const nats = binary
    ? await startNatsServer(binary, workDir, port + 6)
    : { url: await natsUrl(), stop: async () => undefined };
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
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
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
