import { randomUUID } from 'node:crypto';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { csrfHeaders, signInAs, signUpNewMember } from './member-flows';
import { userIdOf } from './copy-flows';

/** The user links the paper broker through the API (tests/brokerage.e2e-spec.ts walks the portal popup). */
export async function connectPaperBroker(api: APIRequestContext, userId: string): Promise<void> {
  const headers = await csrfHeaders(api);
  const registered = await api.post('/api/snaptrade/register-user', { data: { userId }, headers });
  expect(registered.ok(), await registered.text()).toBe(true);
  const portal = await api.post('/api/snaptrade/connection-portal', {
    data: { userId, broker: 'WEBULL', customRedirect: '/settings' },
    headers,
  });
  expect(portal.ok(), await portal.text()).toBe(true);
  const sessionId = ((await portal.json()) as { connectionUrl: string }).connectionUrl.split('/').pop()!;
  const connected = await api.post(`/api/paper/portal/${sessionId}/connect`, { headers });
  expect(connected.ok(), await connected.text()).toBe(true);
}

/** A new trace named `${label} ${handle}`, owned by `ownerId` and created by the seeded admin; answers its id. */
export async function createTraceFor(baseURL: string, label: string, ownerId: string, handle: string): Promise<string> {
  const admin = await request.newContext({ baseURL });
  try {
    const adminId = await signInAs(admin, 'ADMIN');
    const created = await admin.post('/api/admin/create-trace', {
      data: { userId: adminId, ownerId, name: `${label} ${handle}`, handle },
      headers: await csrfHeaders(admin),
    });
    expect(created.ok(), await created.text()).toBe(true);
    return ((await created.json()) as { trace: { id: string } }).trace.id;
  } finally {
    await admin.dispose();
  }
}

/** Names that keep one spec's members and traces apart (labels, phone prefix). */
export interface OwnerNames {
  label: string;
  usernameLabel: string;
  phonePrefix: string;
  traceLabel: string;
}

/** A new member signed in on a request context of its own, owning a new trace, with the paper broker linked. */
export interface TraceOwner {
  api: APIRequestContext;
  ownerId: string;
  traceId: string;
  ownerUsername: string;
}

/** A new member who owns a new trace (created by the seeded admin) and links the paper broker. Dispose its `api`. */
export async function newTraceOwner(baseURL: string, names: OwnerNames): Promise<TraceOwner> {
  const api = await request.newContext({ baseURL });
  try {
    const member = await signUpNewMember(api, {
      label: names.label,
      usernameLabel: names.usernameLabel,
      phonePrefix: names.phonePrefix,
      password: 'Share-Flow-Owner-2026!',
      firstName: 'Share',
      lastName: 'Owner',
    });
    const ownerId = ((await (await api.get('/api/verify-token')).json()) as { user: { id: string } }).user.id;
    const traceId = await createTraceFor(
      baseURL,
      names.traceLabel,
      ownerId,
      `${names.usernameLabel}_${member.username.slice(names.usernameLabel.length + 1)}`,
    );
    await connectPaperBroker(api, ownerId);
    return { api, ownerId, traceId, ownerUsername: member.username };
  } catch (error) {
    await api.dispose();
    throw error;
  }
}

/**
 * The owner buys `quantity` of `symbol` at `price` on the paper broker (market opened, symbol priced) and shares the
 * trade at Basic (TradeShared); answers the trade's id.
 */
export async function buyAndShare(owner: TraceOwner, order: { symbol: string; price: number; quantity: number }) {
  const tradeId = await buyOnPaper(owner, order);
  await shareAtBasic(owner, tradeId);
  return tradeId;
}

/**
 * The owner buys `quantity` of `symbol` at `price` on the paper broker (market opened, symbol priced); answers the
 * trade their trace recorded for the fill (not shared yet).
 */
export async function buyOnPaper(
  { api, ownerId, traceId }: TraceOwner,
  { symbol, price, quantity }: { symbol: string; price: number; quantity: number },
): Promise<string> {
  const headers = await csrfHeaders(api);
  // A market order: the paper market must be open and the symbol priced.
  const opened = await api.post('/api/dev/market/hours', { data: { open: true }, headers });
  expect(opened.ok(), await opened.text()).toBe(true);
  const priced = await api.post('/api/dev/market/price', { data: { symbol, price }, headers });
  expect(priced.ok(), await priced.text()).toBe(true);
  const bought = await api.post('/api/dev/paper/orders', {
    data: { userId: ownerId, action: 'BUY', symbol, quantity },
    headers: { ...headers, 'X-Request-ID': `share-flow-${randomUUID()}` },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  // The fill reaches traces through OrderFilled; the owner's trade list shows it.
  let tradeId = '';
  await expect(async () => {
    const listed = await api.get(`/api/trace-owner/${traceId}/snaptrade-trades`);
    expect(listed.ok(), await listed.text()).toBe(true);
    const trades = ((await listed.json()) as { trades: Array<{ id: string; symbol: string }> }).trades;
    tradeId = trades.find((trade) => trade.symbol === symbol)?.id ?? '';
    expect(tradeId).not.toBe('');
  }).toPass({ timeout: 30_000 });
  return tradeId;
}

/** The owner shares one of their trace's trades with the Basic tier and up (TradeShared). */
export async function shareAtBasic({ api, traceId }: TraceOwner, tradeId: string): Promise<void> {
  const shared = await api.post(`/api/trace-owner/${traceId}/share-trade`, {
    data: { snaptradeTradeId: tradeId, minTier: 'basic' },
    headers: await csrfHeaders(api),
  });
  expect(shared.ok(), await shared.text()).toBe(true);
}

/**
 * A new member owns a new trace, buys `quantity` of `symbol` at `price` on the paper broker (market opened, symbol
 * priced) and shares the trade at Basic; answers the trace's and the trade's ids. `names` keeps the members of
 * each spec apart (labels, phone prefix).
 */
export async function shareOwnerTrade(
  baseURL: string,
  { symbol, price, quantity, names }: { symbol: string; price: number; quantity: number; names: OwnerNames },
): Promise<{ traceId: string; tradeId: string; ownerUsername: string }> {
  const owner = await newTraceOwner(baseURL, names);
  try {
    const tradeId = await buyAndShare(owner, { symbol, price, quantity });
    return { traceId: owner.traceId, tradeId, ownerUsername: owner.ownerUsername };
  } finally {
    await owner.api.dispose();
  }
}

/** The signed-in user of `api` subscribes to the trace at its Basic tier. */
export async function subscribeAtBasic(api: APIRequestContext, userId: string, traceId: string): Promise<void> {
  const tiers = (await (await api.get(`/api/traces/${traceId}/tiers`)).json()) as {
    tiers: Array<{ id: string; name: string }>;
  };
  const basic = tiers.tiers.find((tier) => tier.name === 'basic')!;
  const subscribed = await api.post('/api/subscribe', {
    data: { userId, traceId, tierId: basic.id },
    headers: await csrfHeaders(api),
  });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
}

/**
 * A new member signed in on `api` (the page's request context, so the page shares the session) who links the paper
 * broker and subscribes to the trace at Basic; answers the member's id.
 */
export async function newBasicFollower(
  api: APIRequestContext,
  traceId: string,
  member: Parameters<typeof signUpNewMember>[1],
): Promise<string> {
  await signUpNewMember(api, member);
  const userId = await userIdOf(api);
  await connectPaperBroker(api, userId);
  await subscribeAtBasic(api, userId, traceId);
  return userId;
}
