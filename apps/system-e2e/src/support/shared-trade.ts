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

/** The demo user, signed in, owning a trace the admin created; the paper broker linked, its market open. */
export interface OwnedTrace {
  demo: ApiSession;
  demoId: string;
  traceId: string;
  /** The demo user's paper brokerage account. */
  accountId: string;
}

/** The admin creates a trace owned by the demo user, who links the paper broker; the paper market opens. */
export async function demoOwnsTrace(
  suite: PlatformSuite,
  trace: { name: string; handle: string },
): Promise<OwnedTrace> {
  const url = suite.platform.url;
  const demo = new ApiSession(url);
  const demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id as string;
  const admin = new ApiSession(url);
  const adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  const created = await admin.post('/api/admin/create-trace', { userId: adminId, ...trace, ownerId: demoId });
  expect(created.status).toBe(200);
  const traceId = created.body.trace.id as string;
  const accountId = await linkPaperBroker(demo, demoId);
  expect((await demo.post('/api/dev/market/hours', { open: true })).status).toBe(200);
  return { demo, demoId, traceId, accountId };
}

/**
 * The owner buys `quantity` of `symbol` at `price` on the paper broker (a market order, the symbol priced first); the
 * fill becomes the trace's open trade through OrderFilled. Answers the trade's id.
 */
export async function ownerBuys(
  suite: PlatformSuite,
  { demo, demoId, traceId }: OwnedTrace,
  { symbol, price, quantity, orderPrefix }: { symbol: string; price: number; quantity: number; orderPrefix: string },
): Promise<string> {
  expect((await demo.post('/api/dev/market/price', { symbol, price })).status).toBe(200);
  const bought = await demo.send(
    'post',
    '/api/dev/paper/orders',
    { userId: demoId, action: 'BUY', symbol, quantity },
    { 'X-Request-ID': `${orderPrefix}-${randomUUID()}` },
  );
  expect([bought.status, bought.body.order.state]).toEqual([201, 'FILLED']);
  return expectEventually(async () => {
    const { rows } = await suite.db.query(
      `SELECT id FROM traces.trades WHERE trace_id = $1 AND symbol = $2 AND status = 'open'`,
      [traceId, symbol],
    );
    expect(rows).toHaveLength(1);
    return rows[0].id as string;
  });
}

/** The owner shares the trade from the Trade Manager at `minTier` (TradeShared). */
export async function shareTrade({ demo, traceId }: OwnedTrace, tradeId: string, minTier = 'basic'): Promise<void> {
  const shared = await demo.post(`/api/trace-owner/${traceId}/share-trade`, { snaptradeTradeId: tradeId, minTier });
  expect(shared.status).toBe(200);
}

/** The owner sells `quantity` of `symbol` of the trace's trade at market (sell-position): the trade closes. */
export async function ownerSells(
  { demo, demoId, traceId, accountId }: OwnedTrace,
  { symbol, quantity }: { symbol: string; quantity: number },
) {
  const sold = await demo.send(
    'post',
    '/api/snaptrade/sell-position',
    {
      userId: demoId,
      accountId,
      positionData: { symbol, quantity, isOptions: false, orderType: 'Market', price: null, traceId },
      confirmRisks: true,
    },
    { 'X-Request-ID': `owner-sell-${randomUUID()}` },
  );
  expect([sold.status, sold.body.status]).toEqual([200, 'filled']);
  return sold.body as { orderResult: { price: number; orderId: string } };
}

/** The signed-in user subscribes to the trace at `tier`. */
export async function subscribeAt(api: ApiSession, userId: string, traceId: string, tier = 'basic'): Promise<void> {
  const tiers = (await api.get(`/api/traces/${traceId}/tiers`).expect(200)).body.tiers as Array<{
    id: string;
    name: string;
  }>;
  const tierId = tiers.find((candidate) => candidate.name === tier)!.id;
  expect((await api.post('/api/subscribe', { userId, traceId, tierId })).status).toBe(200);
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
  const owned = await demoOwnsTrace(suite, options.trace);
  const { demo, demoId, traceId } = owned;
  const tradeId = await ownerBuys(suite, owned, {
    symbol: 'MSFT',
    price: 100,
    quantity: 6,
    orderPrefix: options.orderPrefix,
  });
  await shareTrade(owned, tradeId);

  const url = suite.platform.url;
  const [follower, other] = await seedUsers(suite.db, options.usersLabel, 2);
  const followerApi = (await signIn(url, follower!.username)).api;
  await subscribeAt(followerApi, follower!.id, traceId);
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
