import { randomUUID } from 'node:crypto';
import { batchOf, type PlaceOrderBatchOrder, type PlaceOrderBatchRpcReply } from '@copytrade/contracts';
import { runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, FakeSnaptradeServer, type TestDatabase } from '@copytrade/testing';
import { brokerageDataSourceOptions } from '../../src/database/data-source';
import { OrderIntentsStore } from '../../src/modules/orders/order-intents.store';
import { OrderReconciler } from '../../src/modules/orders/order-reconciler.service';
import { OrdersController } from '../../src/modules/orders/orders.controller';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../src/modules/provider/brokerage-provider';
import { ProviderUsers } from '../../src/modules/connections/provider-users.service';
import { startOn, type BrokerageTestApp } from '../support/brokerage-test-app';
import { connectSnaptradeUser } from '../support/snaptrade-test-app';

/** The provider's limits shortened so the test runs in seconds: 20 requests per 2 s, 1 trade per second per account. */
const LIMIT = 20;
const WINDOW_MS = 2_000;

let database: TestDatabase;
let fake: FakeSnaptradeServer;
/** Two replicas of the brokerage on one database: both dispatchers share the queue. */
let replicas: BrokerageTestApp[] = [];
const users: Array<{ userId: string; accountId: string }> = [];

const batch = (items: PlaceOrderBatchOrder[], replica = replicas[0]!): Promise<PlaceOrderBatchRpcReply> =>
  replica.app.get(OrdersController).placeBatch({ requestId: `trace-${randomUUID()}`, payload: batchOf(items) });
const buy = (userId: string, requestId: string, quantity = 1): PlaceOrderBatchOrder => ({
  userId,
  accountId: null,
  requestId,
  order: { action: 'BUY', symbol: 'AAPL', quantity },
});
const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => replicas[0]!.dataSource.query(sql, params);

/** The OrderUpdated events of an intent in its outbox, oldest first: what consumers are told of its state. */
const updatesOf = (intentId: string) =>
  query<{ state: string; final: boolean; rejectionCode: string | null }>(
    `SELECT envelope->'data'->>'state' AS state, (envelope->'data'->>'final')::boolean AS final,
            envelope->'data'->>'rejectionCode' AS "rejectionCode"
       FROM brokerage.outbox WHERE aggregate_id = $1 AND envelope->>'type' = 'OrderUpdated' ORDER BY position`,
    [`order-intent:${intentId}`],
  );

/** Until no order of these request ids waits in the queue or is being sent. */
async function drained(requestIds: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM brokerage.order_intents WHERE request_id = ANY($1) AND dispatch_state IS NOT NULL`,
      [requestIds],
    );
    if (n === 0) return;
    if (Date.now() > deadline) throw new Error(`${n} orders still queued`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  fake = await FakeSnaptradeServer.start({
    rateLimitPerMinute: LIMIT,
    rateLimitWindowMs: WINDOW_MS,
    tradesPerSecondPerAccount: 1,
  });
  database = await createTestDatabase('brokerage_snaptrade_batch');
  await runServiceMigrations(brokerageDataSourceOptions(database.url));
  const env = {
    SNAPTRADE_CLIENT_ID: fake.clientId,
    SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
    SNAPTRADE_BASE_URL: fake.url,
    SNAPTRADE_REQUESTS_PER_WINDOW: String(LIMIT),
    SNAPTRADE_RATE_WINDOW_SECONDS: String(WINDOW_MS / 1000),
    SNAPTRADE_REQUEST_HEADROOM: '1',
    ORDER_DISPATCH_POLL_MS: '100',
  };
  replicas = [await startOn(database, env), await startOn(database, env)];
  for (let index = 0; index < 6; index += 1) {
    const userId = randomUUID();
    const { accountIds } = await connectSnaptradeUser({ ...replicas[index % 2]!, fake }, userId);
    users.push({ userId, accountId: accountIds[0]! });
  }
}, 120_000);

afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await fake?.stop();
  await database?.drop();
});

it('queues the batch (SUBMITTING), then two replicas place every order once, at the provider’s pace, without a 429', async () => {
  const items = users.flatMap(({ userId }) => [0, 1, 2].map(() => buy(userId, `st-${randomUUID()}`)));
  const placedBefore = fake.placedOrderCount();
  const throttledBefore = fake.throttled;
  const startedAt = Date.now();
  const { results } = await batch(items);
  expect(results.every((result) => result.order?.state === 'SUBMITTING' && !result.replayed)).toBe(true);
  expect(results.map((result) => result.accountId)).toEqual(
    users.flatMap(({ accountId }) => [accountId, accountId, accountId]),
  );

  await drained(items.map((item) => item.requestId));
  // Three trades per account, each account's at least a second apart.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2_000);
  expect(fake.placedOrderCount() - placedBefore).toBe(items.length);
  expect(fake.throttled - throttledBefore).toBe(0);
  expect(fake.peakRequestsPerWindow).toBeLessThanOrEqual(LIMIT);
  expect(fake.peakTradesPerSecond).toBe(1);

  const intents = await query<{ id: string; state: string; provider_order_id: string }>(
    `SELECT id, state, provider_order_id FROM brokerage.order_intents WHERE request_id = ANY($1)`,
    [items.map((item) => item.requestId)],
  );
  expect(intents.map((intent) => intent.state)).toEqual(items.map(() => 'FILLED'));
  expect(new Set(intents.map((intent) => intent.provider_order_id)).size).toBe(items.length);
  const events = await query<{ type: string; n: number }>(
    `SELECT envelope->>'type' AS type, count(*)::int AS n FROM brokerage.outbox
      WHERE aggregate_id = ANY($1) GROUP BY 1 ORDER BY 1`,
    [intents.map((intent) => `order-intent:${intent.id}`)],
  );
  expect(events).toEqual([
    { type: 'OrderFilled', n: items.length },
    { type: 'OrderUpdated', n: items.length },
  ]);

  // The batch again, through the other replica: the same orders, replayed, nothing new at the provider.
  const again = await batch(items, replicas[1]);
  expect(again.results.every((result) => result.replayed && result.order?.state === 'FILLED')).toBe(true);
  expect(fake.placedOrderCount() - placedBefore).toBe(items.length);
}, 90_000);

it('concurrent identical batches on both replicas queue and place one order per request id', async () => {
  const items = users.map(({ userId }) => buy(userId, `race-${randomUUID()}`));
  const placedBefore = fake.placedOrderCount();
  const replies = await Promise.all([0, 1, 0, 1].map((index) => batch(items, replicas[index])));
  items.forEach((_, index) => expect(replies.filter((reply) => !reply.results[index]!.replayed)).toHaveLength(1));
  await drained(items.map((item) => item.requestId));
  expect(fake.placedOrderCount() - placedBefore).toBe(items.length);
}, 60_000);

it('per-order refusals: an unregistered user at once; a refusal of the provider as the order’s REJECTED update', async () => {
  const stranger = randomUUID();
  const refused = buy(users[0]!.userId, `refused-${randomUUID()}`, 1e6); // beyond the account's buying power
  const { results } = await batch([buy(stranger, `nobody-${randomUUID()}`), refused]);
  expect(results[0]).toMatchObject({ order: null, error: { status: 409, code: 'PROVIDER_USER_NOT_REGISTERED' } });
  expect(results[1]).toMatchObject({ error: null, order: { state: 'SUBMITTING' } });
  await drained([refused.requestId]);
  const [intent] = await query<{ id: string; state: string; error: { code: string } }>(
    `SELECT id, state, error FROM brokerage.order_intents WHERE request_id = $1`,
    [refused.requestId],
  );
  expect(intent).toMatchObject({ state: 'REJECTED', error: { code: 'INSUFFICIENT_BUYING_POWER' } });
  expect(await updatesOf(intent!.id)).toEqual([
    { state: 'REJECTED', final: true, rejectionCode: 'INSUFFICIENT_BUYING_POWER' },
  ]);
  const again = await batch([refused]);
  expect(again.results[0]).toMatchObject({ replayed: true, error: { code: 'INSUFFICIENT_BUYING_POWER' } });
}, 60_000);

it('a market the provider says is closed: accepted into the queue, then REJECTED with MARKET_CLOSED in its OrderUpdated', async () => {
  const order = buy(users[1]!.userId, `closed-${randomUUID()}`);
  fake.state.marketOpen = false;
  try {
    const { results } = await batch([order]);
    expect(results[0]).toMatchObject({ error: null, order: { state: 'SUBMITTING' } });
    await drained([order.requestId]);
  } finally {
    fake.state.marketOpen = true;
  }
  const [intent] = await query<{ id: string; state: string; error: { code: string } }>(
    `SELECT id, state, error FROM brokerage.order_intents WHERE request_id = $1`,
    [order.requestId],
  );
  expect(intent).toMatchObject({ state: 'REJECTED', error: { code: 'MARKET_CLOSED' } });
  // Consumers learn from the event alone that the market was closed (a copy waits for the open on it).
  expect(await updatesOf(intent!.id)).toEqual([{ state: 'REJECTED', final: true, rejectionCode: 'MARKET_CLOSED' }]);
}, 60_000);

describe('a replica that died between claiming an order and hearing back', () => {
  /** An intent left SENDING by a dead dispatcher, claimed long ago. */
  async function claimedLongAgo(user: { userId: string; accountId: string }) {
    const requestId = `crash-${randomUUID()}`;
    const store = replicas[0]!.app.get(OrderIntentsStore);
    const { intents } = await store.claimMany(
      [
        {
          userId: user.userId,
          requestId,
          fingerprint: 'f',
          accountId: user.accountId,
          provider: 'snaptrade',
          order: { action: 'BUY', symbol: 'AAPL', underlying: 'AAPL', quantity: '1', option: null },
        },
      ],
      false,
    );
    const intent = intents[0]!;
    return { intent, requestId };
  }
  const leaveSending = (id: string, sentAt: Date) =>
    query(
      `UPDATE brokerage.order_intents SET dispatch_state = 'SENDING', dispatched_at = $2,
              created_at = $2::timestamptz - interval '30 minutes', updated_at = now() - interval '10 minutes' WHERE id = $1`,
      [id, sentAt],
    );

  it('whose order reached the provider: found there and settled, never sent again', async () => {
    const user = users[1]!;
    const { intent } = await claimedLongAgo(user);
    const provider = replicas[0]!.app.get<BrokerageProvider>(BROKERAGE_PROVIDER);
    const { credentials } = await replicas[0]!.app.get(ProviderUsers).require(user.userId);
    const sentAt = new Date();
    const placed = await provider.placeMarketOrder(credentials, {
      accountId: user.accountId,
      clientOrderId: intent.clientOrderId,
      order: { action: 'BUY', symbol: 'AAPL', underlying: 'AAPL', quantity: '1', option: null },
    });
    await leaveSending(intent.id, sentAt);
    const placedBefore = fake.placedOrderCount();
    const reconciler = replicas[1]!.app.get(OrderReconciler);
    await reconciler.sweep();
    const [after] = await query<{ state: string; provider_order_id: string; dispatch_state: string | null }>(
      `SELECT state, provider_order_id, dispatch_state FROM brokerage.order_intents WHERE id = $1`,
      [intent.id],
    );
    expect(after).toEqual({ state: 'FILLED', provider_order_id: placed.brokerageOrderId, dispatch_state: null });
    expect(fake.placedOrderCount()).toBe(placedBefore);
  }, 30_000);

  it('whose order never left: UNKNOWN for a person or a later look, never re-sent blindly', async () => {
    const { intent } = await claimedLongAgo(users[2]!);
    await leaveSending(intent.id, new Date());
    const placedBefore = fake.placedOrderCount();
    await replicas[0]!.app.get(OrderReconciler).sweep();
    await new Promise((resolve) => setTimeout(resolve, 500)); // dispatchers polling meanwhile take nothing
    const [after] = await query<{ state: string; dispatch_state: string | null; reconcile_note: string }>(
      `SELECT state, dispatch_state, reconcile_note FROM brokerage.order_intents WHERE id = $1`,
      [intent.id],
    );
    expect(after).toMatchObject({ state: 'UNKNOWN', dispatch_state: null, reconcile_note: expect.any(String) });
    expect(fake.placedOrderCount()).toBe(placedBefore);
  }, 30_000);
});
