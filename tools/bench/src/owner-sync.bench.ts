/**
 * The owner's sync (docs/product.md#trade-manager) of a paper account holding 5,000 executed buy orders: the demo user
 * owns a trace and a paper account whose orders (within the 30 days the sync reads) and the positions they add up
 * to are seeded straight into the paper broker's tables (250 instruments, 1 in 10 an option contract). Then
 * `POST /api/trace-owner/{traceId}/refresh-brokerage` (the paper refresh, then the sync): the first sync (every
 * order a new trade), then syncs with nothing new at the brokerage. Then the sync's brokerage read alone (every
 * order page and the positions, over NATS as the traces service asks) and the Trade Manager's read,
 * `GET …/snaptrade-trades` (a sync, then every open trade). Prints each one's wall time and the RSS before and peak
 * (VmHWM, reset before each) of the traces, brokerage and gateway processes, and checks the trades after each: one
 * per order, no duplicates. REFRESH_BROKERAGE_COOLDOWN_SECONDS is set to its minimum, 1, for the run.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [BENCH_PORT=…] [BENCH_NATS_URL=…] \
 *     npx tsx tools/bench/src/owner-sync.bench.ts [orders=5000] [unchanged syncs=3]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ClientProxyFactory } from '@nestjs/microservices';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageRpc,
  ORDERS_PAGE_MAX,
  buildOccSymbol,
  type ListOrdersRpcReply,
  type ListOrdersRpcRequest,
  type ListPositionsRpcReply,
} from '@copytrade/contracts';
import { devActorSigner, RpcClient, natsRpcClientOptions } from '@copytrade/nest';
import { Client } from 'pg';
import { timed } from './support/latency';
import { peakMemory, servicePid, type MemoryFigures } from './support/processes';
import { connectedDemo, startBenchProduct, traceOwnedBy, type Session } from './support/product';

const ORDERS = Number(process.argv[2] ?? 5_000);
const INSTRUMENTS = 250;
const COOLDOWN_SECONDS = 1;
const UNCHANGED_SYNCS = Number(process.argv[3] ?? 3);

interface Instrument {
  symbol: string;
  underlying: string;
  multiplier: number;
  optionType: 'CALL' | 'PUT' | null;
  strike: number | null;
  expiration: string | null;
}

/** 250 instruments: tickers BA…, and 1 in 10 a call or put on one of them (multiplier 100). */
function instruments(): Instrument[] {
  const ticker = (index: number) =>
    `Q${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
  return Array.from({ length: INSTRUMENTS }, (_, index): Instrument => {
    if (index % 10 !== 9) {
      const symbol = ticker(index);
      return { symbol, underlying: symbol, multiplier: 1, optionType: null, strike: null, expiration: null };
    }
    const contract = {
      underlying: ticker(index - 1),
      optionType: index % 20 === 9 ? ('CALL' as const) : ('PUT' as const),
      strikePrice: String(100 + index),
      expirationDate: '2030-01-18',
    };
    return {
      symbol: buildOccSymbol(contract),
      underlying: contract.underlying,
      multiplier: 100,
      optionType: contract.optionType,
      strike: Number(contract.strikePrice),
      expiration: contract.expirationDate,
    };
  });
}

/**
 * The orders (executed buys spread over the last 29 days, newest first, 1–5 units at 20–120) and, per instrument, the
 * position they add up to (units summed, average cost weighted), in the paper broker's own tables.
 */
async function seed(db: Client, accountId: string): Promise<void> {
  const all = instruments();
  const orders = Array.from({ length: ORDERS }, (_, index) => ({
    instrument: all[index % all.length]!,
    units: 1 + (index % 5),
    price: 20 + ((index * 7) % 100) + (all[index % all.length]!.multiplier > 1 ? -15 : 0),
    minutesAgo: 1 + Math.floor((index * 29 * 24 * 60) / ORDERS),
  }));
  const column = <T>(pick: (order: (typeof orders)[number]) => T) => orders.map(pick);
  await db.query(
    `INSERT INTO brokerage.paper_orders (account_id, client_order_id, symbol, underlying, action, units, filled_units,
       execution_price, status, multiplier, option_type, strike_price, expiration_date, placed_at, updated_at)
     SELECT $1, gen_random_uuid(), o.symbol, o.underlying, 'BUY', o.units, o.units, o.price, 'EXECUTED', o.multiplier,
            o.option_type, o.strike, o.expiration, now() - o.minutes_ago * interval '1 minute',
            now() - o.minutes_ago * interval '1 minute' + interval '1 second'
       FROM unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::int[], $7::text[], $8::numeric[],
                   $9::date[], $10::int[])
         AS o(symbol, underlying, units, price, multiplier, option_type, strike, expiration, minutes_ago)`,
    [
      accountId,
      column((o) => o.instrument.symbol),
      column((o) => o.instrument.underlying),
      column((o) => o.units),
      column((o) => o.price),
      column((o) => o.instrument.multiplier),
      column((o) => o.instrument.optionType),
      column((o) => o.instrument.strike),
      column((o) => o.instrument.expiration),
      column((o) => o.minutesAgo),
    ],
  );
  await db.query(
    `INSERT INTO brokerage.paper_positions (account_id, symbol, underlying, units, average_cost, multiplier,
       option_type, strike_price, expiration_date)
     SELECT account_id, symbol, min(underlying), sum(units), round(sum(units * execution_price) / sum(units), 6),
            min(multiplier), min(option_type), min(strike_price), min(expiration_date)
       FROM brokerage.paper_orders WHERE account_id = $1 GROUP BY account_id, symbol`,
    [accountId],
  );
}

interface Figures {
  label: string;
  ms: number;
  memory: Record<string, MemoryFigures>;
  note: string;
}

async function main(): Promise<void> {
  const product = await startBenchProduct('bench_owner_sync', {
    REFRESH_BROKERAGE_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
  });
  const db = new Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    const base = product.platform.url;
    const { session, userId } = await connectedDemo(base);
    const accounts = await session.call('GET', `/api/snaptrade/accounts/${userId}`);
    const accountId = accounts.json.accounts?.[0]?.id as string | undefined;
    if (!accountId) throw new Error(`the demo user has no paper account: ${JSON.stringify(accounts.json)}`);
    const traceId = await traceOwnedBy(base, userId, `bench_sync_${Date.now().toString(36)}`);
    const paths = {
      refresh: `/api/trace-owner/${traceId}/refresh-brokerage`,
      list: `/api/trace-owner/${traceId}/snaptrade-trades`,
    };
    const pids = { traces: servicePid('traces'), brokerage: servicePid('brokerage'), gateway: servicePid('gateway') };

    // A warm-up sync of the empty account (connections, JIT), then the orders.
    await refresh(session, paths.refresh);
    const seededAt = performance.now();
    await seed(db, accountId);
    console.log(
      `Seeded ${ORDERS} executed orders over ${INSTRUMENTS} instruments in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
    );

    const figures: Figures[] = [];
    const measure = async (label: string, call: () => Promise<string>) => {
      await sleep(COOLDOWN_SECONDS * 1000 + 100);
      const [[note, ms], memory] = await peakMemory(pids, () => timed(call));
      figures.push({ label, ms, memory, note });
      await checkTrades(db, traceId);
    };
    await measure(`first sync (${ORDERS} new trades)`, () => refresh(session, paths.refresh));
    for (let round = 1; round <= UNCHANGED_SYNCS; round += 1)
      await measure(`sync, nothing changed (#${round})`, () => refresh(session, paths.refresh));
    // The part of a sync spent reading the brokerage: its order pages and positions, as the traces service asks.
    const proxy = ClientProxyFactory.create(natsRpcClientOptions(product.platform.natsUrl, 'bench-owner-sync'));
    try {
      // Signs the owner's actor as the gateway would (the development key the started product verifies with).
      const rpc = new RpcClient(proxy, BROKERAGE_READ_RPC_TIMEOUT_MS, devActorSigner());
      await measure(`brokerage read only (orders, ${ORDERS_PAGE_MAX} a page)`, () =>
        readBrokerage(rpc, userId, accountId),
      );
    } finally {
      await proxy.close();
    }
    await measure('GET snaptrade-trades (sync + list)', async () => {
      const listed = await session.call('GET', paths.list);
      if (listed.status !== 200)
        return `FAILED ${listed.status} ${JSON.stringify(listed.json).slice(0, 200)}`.replaceAll('\n', ' ');
      return `${listed.json.trades.length} trades listed, totalCount ${listed.json.totalCount}`;
    });

    const mib = (value: number) => `${value.toFixed(0)} MiB`.padStart(8);
    console.log(
      `\nOwner sync of a paper account with ${ORDERS} executed orders (${INSTRUMENTS} instruments), through the gateway; RSS before → peak`,
    );
    console.log(
      `${'call'.padEnd(44)} ${'wall'.padStart(9)} | ${Object.keys(pids)
        .map((name) => name.padEnd(21))
        .join(' | ')} | result`,
    );
    for (const f of figures) {
      const memory = Object.values(f.memory)
        .map((m) => `${mib(m.before)} → ${mib(m.peak)}`.padEnd(21))
        .join(' | ');
      console.log(`${f.label.padEnd(44)} ${`${f.ms.toFixed(0)} ms`.padStart(9)} | ${memory} | ${f.note}`);
    }
    if (figures.some((f) => f.note.startsWith('FAILED'))) process.exitCode = 1;
  } finally {
    await db.end();
    await product.stop();
  }
}

/** The paper refresh and the sync after it; answers the message (the bench fails on anything but 200). */
async function refresh(session: Session, path: string): Promise<string> {
  const answer = await session.call('POST', path);
  if (answer.status !== 200)
    throw new Error(`refresh-brokerage answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return `cost ${answer.json.cost}`;
}

/** Every order page and the positions, in parallel as BrokerageReader does; answers what it read. */
async function readBrokerage(rpc: RpcClient, userId: string, accountId: string): Promise<string> {
  const context = { requestId: `bench-${Date.now()}`, actor: { userId, isAdmin: false } };
  const orders = async () => {
    let [count, pages, cursor] = [0, 0, undefined as string | undefined];
    do {
      const page = await rpc.request<ListOrdersRpcRequest, ListOrdersRpcReply>(
        BrokerageRpc.listOrders,
        { userId, accountId, cursor, limit: ORDERS_PAGE_MAX },
        context,
      );
      [count, pages, cursor] = [count + page.orders.length, pages + 1, page.nextCursor ?? undefined];
    } while (cursor);
    return `${count} orders in ${pages} pages`;
  };
  const [read, { positions }] = await Promise.all([
    orders(),
    rpc.request<object, ListPositionsRpcReply>(BrokerageRpc.listPositions, { userId, accountId }, context),
  ]);
  return `${read}, ${positions.length} positions`;
}

/** One trade per seeded order, each order once, nothing else. */
async function checkTrades(db: Client, traceId: string): Promise<void> {
  const {
    rows: [counts],
  } = await db.query(
    `SELECT count(*)::int AS trades, count(DISTINCT source_key)::int AS keys,
            count(*) FILTER (WHERE source_key LIKE 'order:%' AND status = 'open')::int AS open_orders
       FROM traces.trades WHERE trace_id = $1`,
    [traceId],
  );
  if (counts.trades !== ORDERS || counts.keys !== ORDERS || counts.open_orders !== ORDERS)
    throw new Error(
      `expected ${ORDERS} open trades, one per order; found ${counts.trades} trades, ${counts.keys} keys, ${counts.open_orders} open order trades`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
