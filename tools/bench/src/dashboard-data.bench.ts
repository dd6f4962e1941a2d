/**
 * Dashboard data through the gateway for a user with 5 paper accounts × 200 positions (and 20 orders each):
 * one dashboard load = the accounts, then balances, positions and orders of every account in parallel
 * (seed 000 §4). Starts the built product on a fresh database; prints p50/p99.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/dashboard-data.bench.ts [loads=200]
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, natsUrl } from '@copytrade/testing';
import { findNatsServer, startNatsServer, startPlatform } from '@copytrade/tools-dev';
import { Client } from 'pg';
import { summary, timed } from './support/latency';

const ACCOUNTS = 5;
const POSITIONS = 200;
const ORDERS = 20;
const LOADS = Number(process.argv[2] ?? 200);
const DEMO = { username: 'demo', password: 'Demo-Trader-2026!' };

/** A minimal cookie + CSRF client for the gateway. */
class Session {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly baseUrl: string) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a benchmark reads whatever JSON comes back
  async call(method: string, path: string, body?: object): Promise<{ status: number; json: any }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/json',
        'x-csrf-token': this.csrf,
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

async function freePort(): Promise<number> {
  for (;;) {
    const base = 40_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map(
        (offset) =>
          new Promise<boolean>((resolve) => {
            const server = createServer()
              .once('error', () => resolve(false))
              .listen(base + offset, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (free.every(Boolean)) return base;
  }
}

const ticker = (index: number) =>
  `B${String.fromCharCode(65 + (Math.floor(index / 26) % 26))}${String.fromCharCode(65 + (index % 26))}`;

/** 3 more accounts on the connection, then positions and orders straight into the paper broker's tables. */
async function seed(databaseUrl: string, userId: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [connection],
    } = await db.query('SELECT connection_id FROM brokerage.paper_accounts WHERE provider_user_id = $1 LIMIT 1', [
      userId,
    ]);
    for (let index = 2; index < ACCOUNTS; index += 1) {
      await db.query(
        `INSERT INTO brokerage.paper_accounts (connection_id, provider_user_id, name, number, cash, created_at) VALUES ($1, $2, $3, $4, 50000, now() + $5 * interval '1 ms')`,
        [connection.connection_id, userId, `Bench ${index}`, `PB${index}`, index],
      );
    }
    const { rows: accounts } = await db.query('SELECT id FROM brokerage.paper_accounts WHERE provider_user_id = $1', [
      userId,
    ]);
    for (const { id } of accounts) {
      const symbols = Array.from({ length: POSITIONS }, (_, index) => ticker(index));
      await db.query(
        `INSERT INTO brokerage.paper_positions (account_id, symbol, underlying, units, average_cost) SELECT $1, s, s, 10, 100 FROM unnest($2::text[]) AS s`,
        [id, symbols],
      );
      await db.query(
        `INSERT INTO brokerage.paper_orders (account_id, client_order_id, symbol, underlying, action, units, execution_price, status, placed_at) SELECT $1, gen_random_uuid(), s, s, 'BUY', 10, 100, 'EXECUTED', now() FROM unnest($2::text[]) AS s`,
        [id, symbols.slice(0, ORDERS)],
      );
    }
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'copytrade-bench-'));
  const database = await createTestDatabase('bench_dashboard');
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
    env: { NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  });
  try {
    const session = new Session(platform.url);
    await session.refreshCsrf();
    const userId = (await session.call('POST', '/api/login', DEMO)).json.user.id as string;
    await session.refreshCsrf();
    await session.call('POST', '/api/snaptrade/register-user', { userId });
    const portal = await session.call('POST', '/api/snaptrade/connection-portal', {
      userId,
      customRedirect: '/dashboard',
    });
    await session.call('POST', `/api/paper/portal/${(portal.json.connectionUrl as string).split('/').pop()}/connect`);
    await seed(database.url, userId);

    const perCall = new Map<string, number[]>();
    const record = (name: string, ms: number) => perCall.set(name, [...(perCall.get(name) ?? []), ms]);
    const get = async (name: string, path: string) => {
      const [response, ms] = await timed(() => session.call('GET', path));
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      record(name, ms);
      return response.json;
    };
    const load = async () => {
      const { accounts } = await get('GET accounts', `/api/snaptrade/accounts/${userId}`);
      if (accounts.length !== ACCOUNTS) throw new Error(`expected ${ACCOUNTS} accounts, got ${accounts.length}`);
      const results = await Promise.all(
        accounts.flatMap(({ id }: { id: string }) => [
          get('GET balances', `/api/snaptrade/balances/${id}/${userId}`),
          get('GET positions (200)', `/api/snaptrade/positions/${id}/${userId}`),
          get('GET orders (20)', `/api/snaptrade/orders/${id}/${userId}`),
        ]),
      );
      if (results[1].positions.length !== POSITIONS) throw new Error('positions missing');
    };

    for (let warmup = 0; warmup < 10; warmup += 1) await load();
    perCall.clear();
    const loads: number[] = [];
    for (let index = 0; index < LOADS; index += 1) loads.push((await timed(load))[1]);

    console.log(
      `\nDashboard data through the gateway: ${ACCOUNTS} accounts × ${POSITIONS} positions, ${ORDERS} orders each (paper broker), ${LOADS} loads after 10 warm-up`,
    );
    console.log(summary('dashboard load (1 + 15 requests)', loads));
    for (const [name, samples] of perCall) console.log(summary(name, samples));
  } finally {
    await platform.stop();
    await nats.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
