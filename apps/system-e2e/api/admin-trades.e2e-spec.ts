import { randomUUID } from 'node:crypto';
import { AdminTradesMessages, Messages, TradeShared } from '@copytrade/contracts';
import { ApiSession } from '../src/support/api-session';
import { copySharedTrade, shareTradeWithSubscriber, type SharedTrade } from '../src/support/shared-trade';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * The admin's Trades tab through the started product with the paper broker (docs/product.md#admin-panel): the demo
 * user's trace has a shared MSFT trade a basic subscriber copied. Admins list every trade (pages of 25, copy count
 * and copies with the copier's username), unshare it (the subscriber no longer sees it; the copy stays), share it
 * again at a tier (TradeShared again) and delete it (the copy is kept, as the answer says). Signed out 401; a plain
 * user 403 whatever admin id the body or headers carry, and nothing changes; bad bodies 400; unknown trades 404;
 * every change is in the audit log.
 */
const suite = useTestPlatform('admin-trades');
let admin: ApiSession;
let adminId: string;
let shared: SharedTrade;
let copyId: string;

const PATHS = ['/api/admin/trades', '/api/admin/share-trade', '/api/admin/unshare-trade', '/api/admin/delete-trade'];
const tradeRow = async (tradeId: string) =>
  (await suite.db.query(`SELECT is_shared, required_tier FROM traces.trades WHERE id = $1`, [tradeId])).rows[0] as
    { is_shared: boolean; required_tier: string | null } | undefined;
const auditActions = async (tradeId: string) =>
  (
    await suite.db.query(
      `SELECT action, actor_user_id FROM admin.admin_audit_log WHERE target_id = $1 ORDER BY created_at`,
      [tradeId],
    )
  ).rows as Array<{ action: string; actor_user_id: string }>;

beforeAll(async () => {
  admin = new ApiSession(suite.platform.url);
  adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  shared = await shareTradeWithSubscriber(suite, {
    trace: { name: 'admin_trades_source', handle: 'admin_trades_source' },
    orderPrefix: 'admin-trades-src',
    usersLabel: 'admin_trades',
  });
  const copied = await copySharedTrade(shared, `admin-trades-${randomUUID()}`);
  expect([copied.status, copied.body.copyInstance?.status]).toEqual([200, 'open']);
  copyId = copied.body.copyInstance.id;
}, 120_000);

describe('who may', () => {
  it.each(PATHS)('%s: 401 signed out', async (path) => {
    const signedOut = new ApiSession(suite.platform.url);
    const response = await signedOut.post(path, { userId: adminId, tradeId: shared.tradeId });
    expect([response.status, response.body.success]).toEqual([401, false]);
  });

  it.each(PATHS)(
    '%s: 403 for a plain user, even with the admin id in the body and headers; nothing changes',
    async (path) => {
      const response = await shared.stranger.api.send(
        'post',
        path,
        { userId: adminId, tradeId: shared.tradeId },
        { 'user-id': adminId, authorization: `Bearer ${adminId}` },
      );
      // The headers naming another user are refused as impersonation (403) before the admin check; the body alone is not.
      expect([response.status, response.body.success]).toEqual([403, false]);
      const bodyOnly = await shared.stranger.api.post(path, { userId: adminId, tradeId: shared.tradeId });
      expect([bodyOnly.status, bodyOnly.body.message]).toEqual([403, Messages.adminOnly]);
      expect(await tradeRow(shared.tradeId)).toEqual({ is_shared: true, required_tier: 'basic' });
    },
  );
});

describe('an admin', () => {
  it('lists the trade with its trace, trader, copy count and copy (copier username, amount, time, status), 25 a page', async () => {
    const response = await admin.post('/api/admin/trades', { userId: adminId, traceId: shared.traceId });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 25, total: 1, pages: 1 });
    const [trade] = response.body.trades;
    const subscriberName = (
      await suite.db.query(`SELECT username FROM identity.users WHERE id = $1`, [shared.subscriber.id])
    ).rows[0].username;
    expect(trade).toMatchObject({
      id: shared.tradeId,
      symbol: 'MSFT',
      side: 'buy',
      quantity: 6,
      isShared: true,
      requiredTier: 'basic',
      status: 'open',
      trader: { id: shared.demoId, username: TEST_DEMO.username },
      trace: { id: shared.traceId, name: 'admin_trades_source' },
      copyCount: 1,
      moreCopies: 0,
      copyInstances: [
        {
          id: copyId,
          copierUserId: shared.subscriber.id,
          copierUsername: subscriberName,
          copyAmount: expect.any(Number),
          copiedAt: expect.any(String),
          status: 'open',
        },
      ],
    });
    const filtered = await admin.post('/api/admin/trades', { symbol: 'msft', isShared: 'true', page: 1, limit: 25 });
    expect(filtered.body.trades.map((row: { id: string }) => row.id)).toContain(shared.tradeId);
    const none = await admin.post('/api/admin/trades', { traceId: shared.traceId, isShared: false });
    expect(none.body).toMatchObject({ trades: [], pagination: { total: 0, pages: 0 } });
  });

  it('gets 400 for a bad body and 404 for an unknown trade', async () => {
    for (const body of [{ page: 0 }, { limit: 101 }, { isShared: 'maybe' }, { traceId: 'x' }, { other: 1 }])
      expect((await admin.post('/api/admin/trades', body)).status).toBe(400);
    expect((await admin.post('/api/admin/share-trade', { tradeId: shared.tradeId, requiredTier: 'gold' })).status).toBe(
      400,
    );
    for (const path of PATHS.slice(1)) {
      expect((await admin.post(path, { tradeId: 'not-an-id' })).status).toBe(400);
      const unknown = await admin.post(path, { tradeId: randomUUID() });
      expect([unknown.status, unknown.body.message]).toEqual([404, AdminTradesMessages.tradeNotFound]);
    }
  });

  it('unshares: the subscriber no longer sees the trade, the copy stays; sharing again at vip publishes TradeShared', async () => {
    const unshared = await admin.post('/api/admin/unshare-trade', { userId: adminId, tradeId: shared.tradeId });
    expect(unshared.status).toBe(200);
    expect(unshared.body).toMatchObject({
      success: true,
      message: AdminTradesMessages.tradeUnshared,
      trade: { isShared: false, requiredTier: null, copyCount: 1 },
    });
    const seen = await shared.subscriber.api.get(`/api/traces/${shared.traceId}/trades?limit=20`);
    expect(seen.body.trades.map((trade: { id: string }) => trade.id)).not.toContain(shared.tradeId);
    const copies = await shared.subscriber.api.get('/api/copy-trades/my-copies').set('user-id', shared.subscriber.id);
    expect(copies.body.copyInstances.map((copy: { id: string; status: string }) => [copy.id, copy.status])).toEqual([
      [copyId, 'open'],
    ]);
    expect((await admin.post('/api/admin/unshare-trade', { tradeId: shared.tradeId })).status).toBe(409);

    const again = await admin.post('/api/admin/share-trade', { tradeId: shared.tradeId, requiredTier: 'vip' });
    expect([again.status, again.body.message]).toEqual([200, AdminTradesMessages.tradeShared('vip')]);
    expect(await tradeRow(shared.tradeId)).toEqual({ is_shared: true, required_tier: 'vip' });
    const events = await suite.db.query(
      `SELECT count(*)::int AS n FROM traces.outbox WHERE aggregate_id = $1 AND subject = $2`,
      [`trade:${shared.tradeId}`, TradeShared.subject],
    );
    expect(events.rows[0].n).toBe(2);
    expect((await admin.post('/api/admin/share-trade', { tradeId: shared.tradeId })).status).toBe(409);
  });

  it('deletes the trade: gone from the list, the copy kept with its copier, as the message says; all audit-logged', async () => {
    const deleted = await admin.post('/api/admin/delete-trade', { userId: adminId, tradeId: shared.tradeId });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: AdminTradesMessages.tradeDeleted(1), copiesKept: 1 });
    expect(await tradeRow(shared.tradeId)).toBeUndefined();
    expect((await admin.post('/api/admin/trades', { traceId: shared.traceId })).body.pagination.total).toBe(0);
    const copies = await shared.subscriber.api.get('/api/copy-trades/my-copies').set('user-id', shared.subscriber.id);
    expect(copies.body.copyInstances.map((copy: { id: string }) => copy.id)).toEqual([copyId]);
    expect(await auditActions(shared.tradeId)).toEqual(
      ['trade.unshare', 'trade.share', 'trade.delete'].map((action) => ({ action, actor_user_id: adminId })),
    );
  });
});
