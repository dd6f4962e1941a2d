import { randomUUID } from 'node:crypto';
import { expectedSignature, FakeSnaptradeServer } from '@copytrade/testing';
import { matchProviderOrder } from '../../src/modules/orders/order-matcher';
import { ProviderError } from '../../src/modules/provider/provider.error';
import { toDomainException } from '../../src/modules/provider/provider-error.mapper';
import type { ProviderUserCredentials } from '../../src/modules/provider/provider.types';
import type { RateLimitOptions } from '../../src/modules/snaptrade/snaptrade-rate-limiter';
import { SnaptradeProvider, type SnaptradeProviderOptions } from '../../src/modules/snaptrade/snaptrade.provider';
import { memoryLimiter } from '../support/provider-harness';

let fake: FakeSnaptradeServer;
const warnings: unknown[] = [];
const adapter = ({
  limits,
  ...options
}: Partial<SnaptradeProviderOptions> & { limits?: Partial<RateLimitOptions> } = {}) =>
  new SnaptradeProvider({
    clientId: fake.clientId,
    consumerKey: fake.consumerKey,
    basePath: fake.url,
    limiter: memoryLimiter(limits),
    logger: { warn: (...args: unknown[]) => warnings.push(args) },
    ...options,
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => Promise.reject(new Error('expected a failure')),
    (error: unknown) => error as ProviderError,
  );
const buy = (symbol: string, quantity = 1) => ({
  action: 'BUY' as const,
  symbol,
  underlying: symbol,
  quantity: String(quantity),
  option: null,
});

async function connectedUser(
  provider = adapter(),
): Promise<{ user: ProviderUserCredentials; accountIds: string[]; connectionId: string }> {
  const user = await provider.registerUser(randomUUID());
  await fake.completePortal(
    await provider.connectionPortalUrl(user, {
      connectionType: 'trade',
      customRedirect: 'http://localhost:3000/settings',
    }),
  );
  const accounts = await provider.listAccounts(user);
  return { user, accountIds: accounts.map((account) => account.id), connectionId: accounts[0]!.connectionId };
}

beforeAll(async () => {
  fake = await FakeSnaptradeServer.start();
});
afterAll(() => fake?.stop());
beforeEach(() => (warnings.length = 0));

describe('signing and paths', () => {
  it('is accepted with the right consumer key, also with a trailing slash or the legacy /api/v1 prefix in the base URL', async () => {
    for (const basePath of [fake.url, `${fake.url}/`, `${fake.url}/api/v1`]) {
      await expect(adapter({ basePath }).listUsers()).resolves.toEqual(expect.any(Array));
    }
  });

  it('is refused (401 1076) when signed with another key, and that is not mistaken for a user problem', async () => {
    const error = await failure(adapter({ consumerKey: 'not-the-key' }).listUsers());
    expect(error).toMatchObject({
      kind: 'UNEXPECTED',
      providerStatus: 401,
      providerCode: '1076',
      outcome: 'not-placed',
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/snapTrade/listUsers', status: 401 });
  });

  it('checks the signed path: a signature made for another path is refused', async () => {
    const query = `clientId=${fake.clientId}&timestamp=${Math.floor(Date.now() / 1000)}`;
    const signedFor = (path: string) => expectedSignature(fake.consumerKey, '', path, query);
    const call = (signature: string) =>
      fetch(`${fake.url}/snapTrade/listUsers?${query}`, { headers: { Signature: signature } }).then(
        (response) => response.status,
      );
    expect(await call(signedFor('/snapTrade/listUsers'))).toBe(200);
    expect(await call(signedFor('/api/v1/snapTrade/listUsers'))).toBe(401);
    expect(await call(signedFor('/accounts'))).toBe(401);
  });

  it('uses only the documented root paths, never the retired position and holdings endpoints', async () => {
    const provider = adapter();
    const { user, accountIds } = await connectedUser(provider);
    const from = fake.requests.length;
    await provider.getBalance(user, accountIds[0]!);
    await provider.listPositions(user, accountIds[0]!);
    await provider.listOrders(user, accountIds[0]!);
    await provider.listRecentOrders(user, accountIds[0]!);
    await provider.getQuotes(user, accountIds[0]!, ['AAPL']);
    const paths = fake.requests
      .slice(from)
      .map((request) => `${request.method} ${request.path.replace(accountIds[0]!, ':id')} ${request.status}`);
    expect(paths).toEqual([
      'GET /accounts/:id/balances 200',
      'GET /accounts/:id 200',
      'GET /accounts/:id/positions/all 200',
      'GET /accounts/:id/orders 200',
      'GET /accounts/:id/recentOrders 200',
      'GET /accounts/:id/quotes 200',
    ]);
  });
});

describe('rate limits', () => {
  it("maps the provider's 429 to RATE_LIMITED with its retry time at once, without the SDK's 35 s retry", async () => {
    const provider = adapter();
    const { user } = await connectedUser(provider);
    fake.injectFault({
      path: /^\/accounts$/,
      status: 429,
      body: { detail: 'Request was throttled. Expected available in 9 seconds.', status_code: 429, code: '0000' },
    });
    const startedAt = Date.now();
    const error = await failure(provider.listAccounts(user));
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(error).toMatchObject({ kind: 'RATE_LIMITED', retryAfterSeconds: 9 });
    expect(toDomainException(error)).toMatchObject({
      status: 429,
      code: 'PROVIDER_RATE_LIMITED',
      details: { retryAfterSeconds: 9 },
    });
  });

  it('refuses locally, before sending anything, when the turn would come after the longest wait', async () => {
    const provider = adapter({ limits: { requestsPerWindow: 2, windowSeconds: 60, maxWaitMs: 100 } });
    await provider.listUsers();
    const sent = fake.requests.length;
    expect(await failure(provider.listUsers())).toMatchObject({ kind: 'UNAVAILABLE', outcome: 'not-placed' });
    expect(toDomainException(await failure(provider.listUsers()))).toMatchObject({
      status: 503,
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(fake.requests.length).toBe(sent);
  });

  it('spaces trades on one account, not across accounts', async () => {
    const provider = adapter({ limits: { tradeIntervalMs: 400 } });
    const { user, accountIds } = await connectedUser(provider);
    const from = fake.requests.length;
    await Promise.all(
      [accountIds[0], accountIds[0], accountIds[1]].map((accountId) =>
        provider.placeMarketOrder(user, { accountId: accountId!, clientOrderId: randomUUID(), order: buy('AAPL') }),
      ),
    );
    const trades = fake.requests
      .slice(from)
      .filter((request) => request.path === '/trade/place')
      .map((request) => request.at);
    expect(trades).toHaveLength(3);
    expect(trades[2]! - trades[0]!).toBeGreaterThanOrEqual(350);
  });
});

describe('errors', () => {
  it('maps 402 to a disabled connection (not a payment), and 1083 to invalid credentials', async () => {
    const provider = adapter();
    const { user, connectionId } = await connectedUser(provider);
    fake.state.disable(connectionId);
    const disabled = await failure(provider.refreshConnection(user, connectionId));
    expect(toDomainException(disabled)).toMatchObject({ status: 409, code: 'CONNECTION_DISABLED' });
    const stale = await failure(provider.listConnections({ ...user, userSecret: 'rotated' }));
    expect(toDomainException(stale)).toMatchObject({ status: 409, code: 'PROVIDER_CREDENTIALS_INVALID' });
  });

  it('never exposes the user secret: not in the error, not in the logs', async () => {
    const provider = adapter();
    const { user, accountIds } = await connectedUser(provider);
    fake.injectFault({ path: /\/positions\/all$/, status: 500 });
    const error = await failure(provider.listPositions(user, accountIds[0]!));
    expect(error).toBeInstanceOf(ProviderError);
    expect(JSON.stringify({ error, message: error.message, stack: error.stack, warnings })).not.toContain(
      user.userSecret,
    );
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('a lost answer leaves the outcome unknown; the order is found afterwards by reconciliation, never placed twice', async () => {
    const provider = adapter({ orderTimeoutMs: 300 });
    const { user, accountIds } = await connectedUser(provider);
    const clientOrderId = randomUUID();
    fake.injectFault({ path: /^\/trade\/place$/, delayMs: 1_000, afterHandling: true });
    const createdAt = new Date();
    const error = await failure(
      provider.placeMarketOrder(user, { accountId: accountIds[0]!, clientOrderId, order: buy('TSLA', 2) }),
    );
    expect(error).toMatchObject({ kind: 'UNAVAILABLE', outcome: 'unknown' });
    expect(fake.state.orders.filter((order) => order.clientOrderId === clientOrderId)).toHaveLength(1);
    const recent = await provider.listRecentOrders(user, accountIds[0]!);
    const found = matchProviderOrder(
      { id: 'intent', clientOrderId, symbol: 'TSLA', action: 'BUY', quantity: '2', createdAt },
      recent,
      { taken: new Set(), rivals: [], placementWindowMs: 60_000 },
    );
    expect(found).toMatchObject({
      kind: 'matched',
      by: 'order-details',
      order: { symbol: 'TSLA', status: 'EXECUTED', brokerageOrderId: fake.state.orders.at(-1)!.id },
    });
    expect(fake.state.orders.filter((order) => order.symbol === 'TSLA')).toHaveLength(1);
  });

  it('a 5xx on placement is an unknown outcome; a 4xx means not placed', async () => {
    const provider = adapter({ limits: { tradeIntervalMs: 10 } });
    const { user, accountIds } = await connectedUser(provider);
    fake.injectFault({
      path: /^\/trade\/place$/,
      status: 503,
      body: { detail: 'Brokerage busy', status_code: 503, code: '3002' },
    });
    expect(
      await failure(
        provider.placeMarketOrder(user, { accountId: accountIds[0]!, clientOrderId: randomUUID(), order: buy('AMD') }),
      ),
    ).toMatchObject({ kind: 'UNAVAILABLE', outcome: 'unknown' });
    fake.injectFault({
      path: /^\/trade\/place$/,
      status: 400,
      body: { detail: 'Insufficient buying power for this order', status_code: 400, code: '1012' },
    });
    expect(
      await failure(
        provider.placeMarketOrder(user, { accountId: accountIds[0]!, clientOrderId: randomUUID(), order: buy('AMD') }),
      ),
    ).toMatchObject({ kind: 'INSUFFICIENT_BUYING_POWER', outcome: 'not-placed' });
  });
});
