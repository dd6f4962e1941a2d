/**
 * Fill → trade latency: the demo user owns a trace and buys on the paper broker through the gateway,
 * as the paper trading page does (`POST /api/paper/orders` with an X-Request-ID; the paper broker fills at once),
 * one order at a time. For each fill, the time until its trade is in the owner's trades through the event path —
 * OrderFilled written to the brokerage's outbox in the fill's transaction, published to JetStream by the outbox
 * relay, applied by the traces service's durable consumer — polled every 5 ms straight in `traces.trades` (by the
 * trade's key `order:<brokerage order id>`). Not through `GET /api/trace-owner/{traceId}/snaptrade-trades`: that
 * read runs a sync from the brokerage first, so it would show the trade without the event (its own latency is
 * printed too). Then the stages, from the database's own timestamps: the fill's transaction → the relay's publish
 * (outbox published_at) → the consumer taking it (inbox processed_at).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [BENCH_PORT=…] [BENCH_NATS_URL=…] \
 *     npx tsx tools/bench/src/fill-latency.bench.ts [orders=200] [poll ms=5]
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { summary, timed } from './support/latency';
import { connectedDemo, startBenchProduct, traceOwnedBy } from './support/product';

const ORDERS = Number(process.argv[2] ?? 200);
const POLL_MS = Number(process.argv[3] ?? 5);
const WARM_UP = 10;
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'META'];
const VISIBLE_TIMEOUT_MS = 10_000;
/** The traces service's durable consumer of order events (apps/traces … order-filled.handler.ts). */
const CONSUMER = 'traces-owner-trades-order-events';

async function main(): Promise<void> {
  const product = await startBenchProduct('bench_fill_latency');
  const db = new Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    const base = product.platform.url;
    const { session, userId } = await connectedDemo(base);
    const traceId = await traceOwnedBy(base, userId, `bench_fill_${Date.now().toString(36)}`);
    // Buying power for every order (the paper account opens with $100,000).
    await db.query(`UPDATE brokerage.paper_accounts SET cash = 100000000 WHERE provider_user_id = $1`, [userId]);
    await session.refreshCsrf();

    const visible = async (brokerageOrderId: string): Promise<boolean> => {
      const { rowCount } = await db.query(`SELECT 1 FROM traces.trades WHERE trace_id = $1 AND source_key = $2`, [
        traceId,
        `order:${brokerageOrderId}`,
      ]);
      return (rowCount ?? 0) > 0;
    };
    const samples = { placed: [] as number[], fillToTrade: [] as number[], orderToTrade: [] as number[] };
    const orderIds: string[] = [];
    for (let index = 0; index < WARM_UP + ORDERS; index += 1) {
      const startedAt = performance.now();
      const [placed, placeMs] = await timed(() =>
        session.call(
          'POST',
          '/api/paper/orders',
          { action: 'BUY', symbol: SYMBOLS[index % SYMBOLS.length], quantity: 1 },
          { 'X-Request-ID': `bench-fill-${randomUUID()}` },
        ),
      );
      if (placed.status !== 201 || placed.json.order?.state !== 'FILLED')
        throw new Error(`the order answered ${placed.status}: ${JSON.stringify(placed.json)}`);
      const answeredAt = performance.now();
      const brokerageOrderId = placed.json.order.brokerageOrderId as string;
      while (!(await visible(brokerageOrderId))) {
        if (performance.now() - answeredAt > VISIBLE_TIMEOUT_MS)
          throw new Error(`order ${brokerageOrderId} never reached the trace's trades`);
        await sleep(POLL_MS);
      }
      const seenAt = performance.now();
      if (index < WARM_UP) continue;
      samples.placed.push(placeMs);
      samples.fillToTrade.push(seenAt - answeredAt);
      samples.orderToTrade.push(seenAt - startedAt);
      orderIds.push(brokerageOrderId);
    }

    // The Trade Manager's read after the fills: a sync from the brokerage, then the open trades.
    const listing: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const [listed, ms] = await timed(() => session.call('GET', `/api/trace-owner/${traceId}/snaptrade-trades`));
      if (listed.status !== 200 || listed.json.totalCount !== WARM_UP + ORDERS)
        throw new Error(`snaptrade-trades answered ${listed.status}: ${JSON.stringify(listed.json).slice(0, 300)}`);
      listing.push(ms);
    }

    const stages = await eventStages(db, orderIds);
    console.log(
      `\nFill → trade on the paper broker through the gateway: ${ORDERS} market buys one at a time (after ${WARM_UP} warm-up), the trade polled every ${POLL_MS} ms`,
    );
    console.log(summary('POST /api/paper/orders (filled)', samples.placed));
    console.log(summary('fill answered → trade stored', samples.fillToTrade));
    console.log(summary('order sent → trade stored', samples.orderToTrade));
    console.log('Stages of the event (database clock):');
    console.log(summary('  fill tx → relay published it', stages.published));
    console.log(summary('  published → consumer took it', stages.consumed));
    console.log(summary('  fill tx → consumer took it', stages.total));
    console.log(summary(`GET snaptrade-trades (${WARM_UP + ORDERS} trades)`, listing));
  } finally {
    await db.end();
    await product.stop();
  }
}

/**
 * Per fill, from the database's timestamps: the OrderFilled outbox row's created_at (now() of the fill's
 * transaction) and published_at (the relay's), and the traces inbox row's processed_at (now() of the consumer's
 * transaction). The commit of the consumer's transaction, when the trade shows, follows by its own duration.
 */
async function eventStages(
  db: Client,
  brokerageOrderIds: string[],
): Promise<{ published: number[]; consumed: number[]; total: number[] }> {
  const { rows } = await db.query(
    `SELECT extract(epoch FROM o.published_at - o.created_at) * 1000 AS published,
            extract(epoch FROM i.processed_at - o.published_at) * 1000 AS consumed,
            extract(epoch FROM i.processed_at - o.created_at) * 1000 AS total
       FROM brokerage.outbox o
       JOIN traces.inbox i ON i.event_id = o.id AND i.consumer = $2
      WHERE o.subject = 'events.brokerage.order.filled.v1' AND o.envelope->'data'->>'brokerageOrderId' = ANY($1)`,
    [brokerageOrderIds, CONSUMER],
  );
  if (rows.length !== brokerageOrderIds.length)
    throw new Error(`found the events of ${rows.length} of ${brokerageOrderIds.length} fills`);
  const column = (name: 'published' | 'consumed' | 'total') => rows.map((row) => Number(row[name]));
  return { published: column('published'), consumed: column('consumed'), total: column('total') };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
