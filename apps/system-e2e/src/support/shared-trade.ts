import { randomUUID } from 'node:crypto';
import { expectEventually } from '@copytrade/testing';
import { ApiSession } from './api-session';
import { seedUsers, signIn } from './seeded-users';
import { TEST_ADMIN, TEST_DEMO, type PlatformSuite } from './test-platform';

/** A signed-in user who linked the paper broker: its client, id and brokerage account id. */
export interface LinkedFollower {
  api: ApiSession;
  id: string;
  accountId: string;
}

/** A trace the demo user owns with one open MSFT trade shared at basic, a basic subscriber and a stranger. */
export interface SharedTrade {
  demo: ApiSession;
  demoId: string;
  traceId: string;
  tradeId: string;
  /** Subscribed at basic, with the paper broker linked. */
  subscriber: LinkedFollower;
  /** Signed in, not subscribed, no broker linked. */
  stranger: { api: ApiSession; id: string };
}

/** Registers the user with the brokerage and links the paper broker through its portal: the account id. */
export async function linkPaperBroker(api: ApiSession, userId: string): Promise<string> {
  expect((await api.post('/api/snaptrade/register-user', { userId })).status).toBe(200);
  const portal = await api.post('/api/snaptrade/connection-portal', {
    userId,
    broker: 'WEBULL',
    customRedirect: '/settings',
  });
  const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
  expect((await api.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
  return (await api.get(`/api/snaptrade/accounts/${userId}`).expect(200)).body.accounts[0].id as string;
}

/**
 * For a suite's beforeAll, through the started product with the paper broker: the admin creates a trace owned by
 * the demo user, who links the paper broker and buys 6 MSFT at 100 with the market open (the trade arrives through
 * OrderFilled) and shares it at the basic tier; two users are seeded (`usersLabel`): the first subscribes at basic
 * and links the paper broker, the second only signs in.
 */
export async function shareTradeWithSubscriber(
  suite: PlatformSuite,
  options: { trace: { name: string; handle: string }; orderPrefix: string; usersLabel: string },
): Promise<SharedTrade> {
  const url = suite.platform.url;
  const demo = new ApiSession(url);
  const demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id as string;
  const admin = new ApiSession(url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const created = await admin.post('/api/admin/create-trace', { userId: adminId, ...options.trace, ownerId: demoId });
  expect(created.status).toBe(200);
  const traceId = created.body.trace.id as string;

  await linkPaperBroker(demo, demoId);
  expect((await demo.post('/api/dev/market/hours', { open: true })).status).toBe(200);
  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 100 })).status).toBe(200);
  const bought = await demo.send(
    'post',
    '/api/dev/paper/orders',
    { userId: demoId, action: 'BUY', symbol: 'MSFT', quantity: 6 },
    { 'X-Request-ID': `${options.orderPrefix}-${randomUUID()}` },
  );
  expect([bought.status, bought.body.order.state]).toEqual([201, 'FILLED']);
  const tradeId = await expectEventually(async () => {
    const { rows } = await suite.db.query(`SELECT id FROM traces.trades WHERE trace_id = $1 AND status = 'open'`, [
      traceId,
    ]);
    expect(rows).toHaveLength(1);
    return rows[0].id as string;
  });
  const shared = await demo.post(`/api/trace-owner/${traceId}/share-trade`, {
    snaptradeTradeId: tradeId,
    minTier: 'basic',
  });
  expect(shared.status).toBe(200);

  const [follower, other] = await seedUsers(suite.db, options.usersLabel, 2);
  const followerApi = (await signIn(url, follower!.username)).api;
  const tiers = (await followerApi.get(`/api/traces/${traceId}/tiers`).expect(200)).body.tiers as Array<{
    id: string;
    name: string;
  }>;
  const basic = tiers.find((tier) => tier.name === 'basic')!;
  expect((await followerApi.post('/api/subscribe', { userId: follower!.id, traceId, tierId: basic.id })).status).toBe(
    200,
  );
  return {
    demo,
    demoId,
    traceId,
    tradeId,
    subscriber: { api: followerApi, id: follower!.id, accountId: await linkPaperBroker(followerApi, follower!.id) },
    stranger: { api: (await signIn(url, other!.username)).api, id: other!.id },
  };
}

/** The subscriber copies 2 of the shared trade for 220 (risks confirmed) through POST /api/snaptrade/copy-trade. */
export const copySharedTrade = (
  { subscriber, tradeId }: Pick<SharedTrade, 'subscriber' | 'tradeId'>,
  requestId: string,
) =>
  subscriber.api.send(
    'post',
    '/api/snaptrade/copy-trade',
    {
      userId: subscriber.id,
      tradeId,
      accountId: subscriber.accountId,
      copyAmount: 220,
      customQuantity: 2,
      confirmRisks: true,
    },
    { 'X-Request-ID': requestId },
  );
