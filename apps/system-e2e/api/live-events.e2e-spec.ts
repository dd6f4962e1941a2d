import { randomUUID } from 'node:crypto';
import { expectEventually, freePortBlock } from '@copytrade/testing';
import { Client } from 'pg';
import { ApiSession } from '../src/support/api-session';
import { listen as listenTo, type EventStream as Stream } from '../src/support/event-stream';
import { seedUsers, signIn } from '../src/support/seeded-users';
import { startTestPlatform, TEST_ADMIN, TEST_DEMO, type TestPlatform } from '../src/support/test-platform';

/**
 * The live push through the started product (paper broker): subscribers connected to GET /api/events — on the
 * first gateway and on a second replica — receive TradeShared the moment the owner shares a trade from the Trade
 * Manager; a subscriber whose tier is below the trade's and a non-subscriber receive nothing of it; the owner's own
 * paper fill reaches the owner; signed out is 401.
 */
let platform: TestPlatform;
let replicaUrl: string;
let db: Client;
let demo: ApiSession;
let demoId: string;
let traceId: string;

const streams: Stream[] = [];
const listen = (baseUrl: string, cookie: string | null) => listenTo(baseUrl, cookie, streams);

beforeAll(async () => {
  // E2E_PORT pins the product's ports (port … port + 6) when several runs share a machine; the replica takes +7.
  const fixed = Number(process.env.E2E_PORT) || undefined;
  platform = await startTestPlatform('live_events', fixed);
  replicaUrl = await platform.addGatewayReplica(fixed ? fixed + 7 : await freePortBlock(1));
  db = new Client({ connectionString: platform.databaseUrl });
  await db.connect();

  demo = new ApiSession(platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  const admin = new ApiSession(platform.url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const handle = `live_${randomUUID().slice(0, 6)}`;
  const created = await admin.post('/api/admin/create-trace', {
    userId: adminId,
    name: handle,
    handle,
    ownerId: demoId,
  });
  expect(created.status).toBe(200);
  traceId = created.body.trace.id;
  // The demo user (the owner) links the paper broker.
  expect((await demo.post('/api/snaptrade/register-user', { userId: demoId })).status).toBe(200);
  const portal = await demo.post('/api/snaptrade/connection-portal', {
    userId: demoId,
    broker: 'WEBULL',
    customRedirect: '/settings',
  });
  const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
  expect((await demo.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await db?.end();
  await platform?.stop();
});

it('signed out: 401', async () => {
  expect((await listen(platform.url, null)).status).toBe(401);
});

it('the owner shares a trade: subscribers at or above its tier get TradeShared on whichever replica they are on; a lower tier and a stranger do not', async () => {
  const [vip, premium, basic, stranger] = await seedUsers(db, 'live', 4);
  const tiers = (await demo.get(`/api/traces/${traceId}/tiers`).expect(200)).body.tiers as Array<{
    id: string;
    name: string;
  }>;
  const tierId = (name: string) => tiers.find((tier) => tier.name === name)!.id;
  const sessions = new Map<string, string>();
  for (const [user, tier] of [
    [vip!, 'vip'],
    [premium!, 'premium'],
    [basic!, 'basic'],
    [stranger!, null],
  ] as const) {
    const { api, cookie } = await signIn(platform.url, user.username);
    sessions.set(user.id, cookie);
    if (tier)
      expect((await api.post('/api/subscribe', { userId: user.id, traceId, tierId: tierId(tier) })).status).toBe(200);
  }
  const demoCookie = (await signIn(platform.url, TEST_DEMO.username)).cookie;
  const streamOf = {
    owner: await listen(platform.url, demoCookie),
    vip: await listen(platform.url, sessions.get(vip!.id)!),
    // The same kind of subscriber on the second gateway replica.
    premium: await listen(replicaUrl, sessions.get(premium!.id)!),
    basic: await listen(platform.url, sessions.get(basic!.id)!),
    stranger: await listen(replicaUrl, sessions.get(stranger!.id)!),
  };
  for (const stream of Object.values(streamOf)) expect(stream.status).toBe(200);

  // The owner buys on the paper broker; the fill becomes the trace's trade (and reaches the owner's stream).
  expect((await demo.post('/api/dev/market/price', { symbol: 'AAPL', price: 100 })).status).toBe(200);
  const csrf = await demo.refreshCsrf();
  const placed = await demo.agent
    .post('/api/dev/paper/orders')
    .set('x-csrf-token', csrf)
    .set('X-Request-ID', `live-events-${randomUUID()}`)
    .send({ userId: demoId, action: 'BUY', symbol: 'AAPL', quantity: 2 });
  expect(placed.status).toBe(201);
  await expectEventually(() => expect(streamOf.owner.events.map((event) => event.type)).toContain('order.filled'));
  const tradeId = await expectEventually(async () => {
    const { rows } = await db.query(`SELECT id FROM traces.trades WHERE trace_id = $1`, [traceId]);
    expect(rows).toHaveLength(1);
    return rows[0].id as string;
  });

  const shared = await demo.post(`/api/trace-owner/${traceId}/share-trade`, {
    snaptradeTradeId: tradeId,
    minTier: 'premium',
    strategy: 'Momentum',
    confidence: 'High',
    notes: 'live push',
  });
  expect(shared.status).toBe(200);
  for (const stream of [streamOf.owner, streamOf.vip, streamOf.premium])
    await expectEventually(() =>
      expect(stream.events.filter((event) => event.type === 'trade.shared')).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({ tradeId, traceId, symbol: 'AAPL', requiredTier: 'premium' }),
        }),
      ]),
    );
  // The ids are the stream's sequence: the same event has the same id on both replicas.
  const idOf = (stream: Stream) => stream.events.find((event) => event.type === 'trade.shared')!.id;
  expect(idOf(streamOf.premium)).toBe(idOf(streamOf.vip));
  expect(Number(idOf(streamOf.vip))).toBeGreaterThan(0);

  // A replica writes an event to all its targets at once: the basic subscriber (on the vip's replica) and the
  // stranger (on the premium's) would have it by now; a moment more for the network.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(streamOf.basic.events.filter((event) => event.type === 'trade.shared')).toEqual([]);
  expect(streamOf.stranger.events.filter((event) => event.type === 'trade.shared')).toEqual([]);
});
