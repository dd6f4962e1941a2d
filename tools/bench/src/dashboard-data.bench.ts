/**
 * Dashboard data through the gateway for a user with 5 paper accounts × 200 positions (and 20 orders each):
 * one dashboard load = the accounts, then balances, positions and orders of every account in parallel
 * (docs/product.md#dashboard). Starts the built product on a fresh database; prints p50/p99.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/dashboard-data.bench.ts [loads=200]
 */
import { Client } from 'pg';
import { summary, timed } from './support/latency';
import { connectedDemo, startBenchProduct } from './support/product';

const ACCOUNTS = 5;
const POSITIONS = 200;
const ORDERS = 20;
const LOADS = Number(process.argv[2] ?? 200);

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
  const product = await startBenchProduct('bench_dashboard');
  try {
    const { session, userId } = await connectedDemo(product.platform.url);
    await seed(product.databaseUrl, userId);

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
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
