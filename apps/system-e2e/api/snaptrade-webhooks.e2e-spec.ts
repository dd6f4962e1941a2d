import { randomUUID } from 'node:crypto';
import { BrokerageAccountUpdated } from '@copytrade/contracts';
import { expectEventually, FakeSnaptradeServer, snaptradeTimestamp, type FakeWebhookInput } from '@copytrade/testing';
import { Client } from 'pg';
import { ApiSession } from '../src/support/api-session';
import { startTestPlatform, TEST_ADMIN, TEST_DEMO, type TestPlatform } from '../src/support/test-platform';

/**
 * SnapTrade's webhooks through the started product configured for SnapTrade (the real SDK against the fake
 * SnapTrade server, which also sends the webhooks, signed as SnapTrade signs them): POST /api/webhooks/snaptrade
 * needs no session and no CSRF token but a good signature (401 otherwise); a fresh ACCOUNT_HOLDINGS_UPDATED for an
 * owner makes the trace's trades follow the brokerage without any call from the owner; a replay changes nothing.
 */
let fake: FakeSnaptradeServer;
let platform: TestPlatform;
let db: Client;
let demo: ApiSession;
let demoId: string;
let traceId: string;
let accountId: string;
let connectionId: string;

beforeAll(async () => {
  fake = await FakeSnaptradeServer.start();
  // E2E_PORT pins the product's ports (port … port + 6) when several runs share a machine.
  platform = await startTestPlatform('snaptrade_webhooks', Number(process.env.E2E_PORT) || undefined, {
    SNAPTRADE_CLIENT_ID: fake.clientId,
    SNAPTRADE_CONSUMER_KEY: fake.consumerKey,
    SNAPTRADE_BASE_URL: fake.url,
    // The flood tests below come from their own addresses (X-Forwarded-For); the fake SnapTrade's from its own.
    TRUST_PROXY: '1',
  });
  fake.setWebhookUrl(`${platform.url}/api/webhooks/snaptrade`);
  db = new Client({ connectionString: platform.databaseUrl });
  await db.connect();

  demo = new ApiSession(platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
  const admin = new ApiSession(platform.url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const handle = `webhooks_${randomUUID().slice(0, 6)}`;
  const created = await admin.post('/api/admin/create-trace', {
    userId: adminId,
    name: handle,
    handle,
    ownerId: demoId,
  });
  expect(created.status).toBe(200);
  traceId = created.body.trace.id;

  // The owner links SnapTrade: registration and the connection portal, at the (fake) provider.
  expect((await demo.post('/api/snaptrade/register-user', { userId: demoId })).status).toBe(200);
  const portal = await demo.post('/api/snaptrade/connection-portal', { userId: demoId, customRedirect: '/settings' });
  expect(portal.status).toBe(200);
  connectionId = (await fake.completePortal(portal.body.connectionUrl)).searchParams.get('connection_id')!;
  const accounts = await demo.get(`/api/snaptrade/accounts/${demoId}`).expect(200);
  accountId = accounts.body.accounts[0].id;
  // What the owner holds at the brokerage (bought outside the product).
  fake.state.prices.set('MSFT', 410);
  fake.state.positions.set(accountId, [{ symbol: 'MSFT', units: 10, costBasis: 400, option: null }]);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
  await fake?.stop();
});

const holdingsUpdated = (fields: Partial<FakeWebhookInput> = {}): FakeWebhookInput => ({
  eventType: 'ACCOUNT_HOLDINGS_UPDATED',
  userId: demoId, // the SnapTrade userId the brokerage registered the owner under
  accountId,
  brokerageAuthorizationId: connectionId,
  details: { positions: { success: true, error: null }, orders: { success: true, error: null } },
  ...fields,
});
const openTrades = async () =>
  (
    await db.query(
      `SELECT symbol, quantity::float8 AS quantity FROM traces.trades WHERE trace_id = $1 AND status = 'open' ORDER BY symbol`,
      [traceId],
    )
  ).rows.map((row: { symbol: string; quantity: number }) => `${row.symbol} ${row.quantity}`);
const count = async (sql: string, params: unknown[]) => Number((await db.query(sql, params)).rows[0].n);
const accountEvents = () =>
  count(`SELECT count(*) AS n FROM brokerage.outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2`, [
    BrokerageAccountUpdated.subject,
    demoId,
  ]);
const syncsRun = () =>
  count(`SELECT count(*) AS n FROM traces.inbox WHERE consumer = 'traces-brokerage-sync-triggers'`, []);
const positionReads = () => fake.requests.filter((call) => call.path === `/accounts/${accountId}/positions/all`).length;

describe('POST /api/webhooks/snaptrade', () => {
  it('refuses a bad or missing signature with 401, with no session or CSRF token needed to be heard', async () => {
    const wrongKey = await fake.emitWebhook(holdingsUpdated(), { signWith: 'not-the-consumer-key' });
    expect([wrongKey.status, wrongKey.responseBody]).toEqual([
      401,
      expect.objectContaining({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' }),
    ]);
    const tampered = await fake.emitWebhook(holdingsUpdated(), {
      tamper: (body) => body.replace('ACCOUNT_HOLDINGS_UPDATED', 'TRADE_DETECTION'),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(`${platform.url}/api/webhooks/snaptrade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webhookId: randomUUID(), eventType: 'ACCOUNT_HOLDINGS_UPDATED' }),
    });
    expect(unsigned.status).toBe(401);
    expect(await accountEvents()).toBe(0);
    expect(await openTrades()).toEqual([]);
  });

  it('refuses a stale eventTimestamp with 400', async () => {
    const stale = await fake.emitWebhook(
      holdingsUpdated({ eventTimestamp: snaptradeTimestamp(new Date(Date.now() - 10 * 60_000)) }),
    );
    expect([stale.status, (stale.responseBody as { code: string }).code]).toEqual([400, 'WEBHOOK_STALE']);
    expect(await accountEvents()).toBe(0);
  });

  it("a good ACCOUNT_HOLDINGS_UPDATED answers 200 and syncs the owner's trace with no call from the owner", async () => {
    expect(await openTrades()).toEqual([]);
    const delivered = await fake.emitWebhook(holdingsUpdated());
    expect([delivered.status, delivered.responseBody]).toEqual([200, { success: true, outcome: 'accepted' }]);
    await expectEventually(async () => expect(await openTrades()).toEqual(['MSFT 10']), { timeoutMs: 20_000 });
    expect(await accountEvents()).toBe(1);
    // The consumer records the event in its inbox once the sync's transaction has committed: a moment later.
    await expectEventually(async () => expect(await syncsRun()).toBe(1), { timeoutMs: 10_000 });
  });

  it('a replayed webhookId answers 200 and changes nothing; the next notification syncs again', async () => {
    const first = fake.webhooks.find((delivery) => delivery.status === 200)!;
    const readsBefore = positionReads();
    const replay = await fetch(`${platform.url}/api/webhooks/snaptrade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Signature: first.signature },
      body: first.body,
    });
    expect([replay.status, await replay.json()]).toEqual([200, { success: true, outcome: 'duplicate' }]);
    expect(await accountEvents()).toBe(1);

    // Events are consumed in order: once the next one's sync has run, a replay's would have run before it.
    fake.state.positions.set(accountId, [
      { symbol: 'MSFT', units: 10, costBasis: 400, option: null },
      { symbol: 'NVDA', units: 3, costBasis: 100, option: null },
    ]);
    fake.state.prices.set('NVDA', 120);
    const next = await fake.emitWebhook(holdingsUpdated({ eventType: 'TRADE_DETECTION' }));
    expect(next.status).toBe(200);
    await expectEventually(async () => expect(await openTrades()).toEqual(['MSFT 10', 'NVDA 3']), {
      timeoutMs: 20_000,
    });
    expect(await accountEvents()).toBe(2);
    await expectEventually(async () => expect(await syncsRun()).toBe(2), { timeoutMs: 10_000 });
    expect(positionReads() - readsBefore).toBe(1);
  });

  describe('a flood of forged posts', () => {
    const post = (address: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${platform.url}/api/webhooks/snaptrade`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
        body,
      });
    const signatureShaped = Buffer.alloc(32, 1).toString('base64');

    it('an unsigned post is refused with 401 without its body being parsed (a 60 kB non-JSON body too)', async () => {
      const response = await post('198.51.100.10', `{"not": "json ${'x'.repeat(60 * 1024)}`);
      expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([
        401,
        'WEBHOOK_SIGNATURE_INVALID',
      ]);
    });

    it('a body over 64 kB is refused with 413', async () => {
      const body = JSON.stringify({ webhookId: randomUUID(), padding: 'x'.repeat(95 * 1024) });
      const response = await post('198.51.100.11', body, { Signature: signatureShaped });
      expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    });

    it('an address that keeps posting refused webhooks gets 429; SnapTrade itself is still heard', async () => {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () => post('198.51.100.12', '{}').then((response) => response.status)),
      );
      // WEBHOOK_MAX_REFUSALS_PER_ADDRESS (30) refused with 401, the rest with 429.
      expect(statuses.filter((status) => status === 401)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const limited = await post('198.51.100.12', '{}');
      expect([limited.status, Number(limited.headers.get('retry-after')) > 0]).toEqual([429, true]);
      expect((await fake.emitWebhook(holdingsUpdated({ eventType: 'CONNECTION_ADDED' }))).status).toBe(200);
    });
  });
});
