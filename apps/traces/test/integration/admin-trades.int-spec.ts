import { randomUUID } from 'node:crypto';
import { TradeShared, type TradeSharedV1 } from '@copytrade/contracts';
import { AdminTradesService } from '../../src/modules/admin-trades/admin-trades.service';
import { TraceEntity, TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { call, idleRelay, outcome, tracesOutbox, tradeEvents, useTracesTestEnv } from '../support/traces-test-env';

/**
 * The admin's trade management against real PostgreSQL with the real migrations (rpc.traces.admin.trades.*):
 * every trace's trades filtered and paged; share publishes TradeShared exactly as an owner's share does; unshare
 * hides the trade again without an event; delete removes it. Non-admins are refused and change nothing.
 */
const env = useTracesTestEnv('admin_trades');
let service: AdminTradesService;
let first: TraceEntity;
let second: TraceEntity;
const admin = randomUUID();
const user = randomUUID();
const owner = randomUUID();

async function addTrade(trace: TraceEntity, values: Partial<TradeEntity> = {}): Promise<TradeEntity> {
  const repository = env.dataSource.getRepository(TradeEntity);
  return repository.save(
    repository.create({
      traceId: trace.id,
      symbol: 'AAPL',
      side: 'buy',
      quantity: '10',
      price: '100',
      currentPrice: '110',
      status: 'open',
      executedAt: new Date('2026-01-05T15:00:00Z'),
      ...values,
    }),
  );
}

beforeAll(async () => {
  service = new AdminTradesService(env.dataSource, tracesOutbox(), idleRelay);
  const make = (name: string) =>
    env.dataSource.transaction((manager) =>
      createTrace(manager, { ownerUserId: owner, name, handle: `adm_${randomUUID().slice(0, 8)}` }),
    );
  first = await make('First');
  second = await make('Second');
});

describe('list', () => {
  beforeAll(async () => {
    // 30 AAPL in the first trace (newest last), 2 shared MSFT in the second.
    for (let i = 0; i < 30; i += 1)
      await addTrade(first, { executedAt: new Date(Date.UTC(2026, 0, 1, 0, i)), notes: `n${i}`, tags: ['swing'] });
    await addTrade(second, { symbol: 'MSFT', isShared: true, requiredTier: 'vip', sharedAt: new Date() });
    await addTrade(second, {
      symbol: 'MSFT',
      side: 'sell',
      status: 'closed',
      ownerStatus: 'sold',
      closedAt: new Date('2025-12-02T00:00:00Z'),
      currentPrice: '90',
      realizedPnl: '100',
      isShared: true,
      requiredTier: 'basic',
      executedAt: new Date('2025-12-01T00:00:00Z'),
    });
  });

  it('pages of 25 from page 1, newest first, with the total and each trade with its trace and trader', async () => {
    const page1 = await service.list(call(admin, { traceId: first.id }, true));
    expect(page1.total).toBe(30);
    expect(page1.trades).toHaveLength(25);
    expect(page1.trades[0]).toMatchObject({
      symbol: 'AAPL',
      side: 'buy',
      quantity: 10,
      price: 100,
      currentPrice: 110,
      isShared: false,
      requiredTier: null,
      status: 'open',
      notes: 'n29',
      tags: ['swing'],
      unrealizedPnl: 100,
      realizedPnl: 0,
      executedAt: '2026-01-01T00:29:00.000Z',
      trader: { id: owner, username: null },
      trace: { id: first.id, name: 'First', handle: first.handle },
    });
    const page2 = await service.list(call(admin, { traceId: first.id, page: 2 }, true));
    expect(page2.trades.map((trade) => trade.notes)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('filters by symbol (any case), trace and shared flag together', async () => {
    const shared = await service.list(call(admin, { symbol: 'msft', isShared: true }, true));
    expect(shared.total).toBe(2);
    expect(shared.trades.map((trade) => [trade.requiredTier, trade.status, trade.realizedPnl])).toEqual([
      ['vip', 'open', 0],
      ['basic', 'closed', 100],
    ]);
    expect((await service.list(call(admin, { symbol: 'MSFT', traceId: first.id }, true))).total).toBe(0);
    expect((await service.list(call(admin, { traceId: first.id, isShared: false }, true))).total).toBe(30);
  });

  it('refuses a non-admin and a signed-out call', async () => {
    expect(await outcome(service.list(call(user, {})))).toBe('403 FORBIDDEN');
    expect(await outcome(service.list({ requestId: 'r', payload: {} }))).toBe('401 UNAUTHENTICATED');
  });
});

describe('share, unshare, delete', () => {
  it('shares a private open trade at the tier asked with one TradeShared, as an owner share does', async () => {
    const trade = await addTrade(first, { symbol: 'NVDA', strategy: 'Momentum' });
    expect(await outcome(service.share(call(user, { tradeId: trade.id, requiredTier: 'vip' })))).toBe('403 FORBIDDEN');
    expect(await tradeEvents(env.dataSource, trade.id)).toHaveLength(0);

    const reply = await service.share(call(admin, { tradeId: trade.id, requiredTier: 'basic' }, true));
    expect(reply.trade).toMatchObject({ id: trade.id, isShared: true, requiredTier: 'basic' });
    expect(reply.before).toMatchObject({ isShared: false, requiredTier: null });
    expect(reply.after).toMatchObject({ isShared: true, requiredTier: 'basic' });
    const events = await tradeEvents<TradeSharedV1>(env.dataSource, trade.id);
    expect(events.map((event) => event.subject)).toEqual([TradeShared.subject]);
    expect(events[0]!.envelope.data).toMatchObject({
      tradeId: trade.id,
      traceId: first.id,
      ownerUserId: owner,
      symbol: 'NVDA',
      requiredTier: 'basic',
      strategy: 'Momentum',
      entryPrice: '100',
    });

    expect(await outcome(service.share(call(admin, { tradeId: trade.id, requiredTier: 'vip' }, true)))).toBe(
      '409 TRADE_ALREADY_SHARED',
    );
    expect(await tradeEvents(env.dataSource, trade.id)).toHaveLength(1);
  });

  it('refuses to share a closed trade and an unknown one', async () => {
    const closed = await addTrade(first, { status: 'closed', ownerStatus: 'closed', closedAt: new Date() });
    expect(await outcome(service.share(call(admin, { tradeId: closed.id, requiredTier: 'premium' }, true)))).toBe(
      '409 TRADE_NOT_OPEN',
    );
    expect(await outcome(service.share(call(admin, { tradeId: randomUUID(), requiredTier: 'premium' }, true)))).toBe(
      '404 TRADE_NOT_FOUND',
    );
  });

  it('unshares a shared trade without an event; a private one is 409; a non-admin changes nothing', async () => {
    const trade = await addTrade(second, { isShared: true, requiredTier: 'premium', sharedAt: new Date() });
    expect(await outcome(service.unshare(call(user, { tradeId: trade.id })))).toBe('403 FORBIDDEN');
    expect(await env.dataSource.getRepository(TradeEntity).findOneByOrFail({ id: trade.id })).toMatchObject({
      isShared: true,
    });
    const reply = await service.unshare(call(admin, { tradeId: trade.id }, true));
    expect(reply.trade).toMatchObject({ isShared: false, requiredTier: null });
    expect(reply.before).toMatchObject({ isShared: true, requiredTier: 'premium' });
    expect(await tradeEvents(env.dataSource, trade.id)).toHaveLength(0);
    expect(await outcome(service.unshare(call(admin, { tradeId: trade.id }, true)))).toBe('409 TRADE_NOT_SHARED');
    // The owner (or an admin) may share it again later: a new TradeShared.
    await service.share(call(admin, { tradeId: trade.id, requiredTier: 'free' }, true));
    expect(await tradeEvents(env.dataSource, trade.id)).toHaveLength(1);
  });

  it('deletes a trade; an unknown id is 404; a non-admin is refused and the trade stays', async () => {
    const trade = await addTrade(second, { symbol: 'TSLA' });
    expect(await outcome(service.delete(call(user, { tradeId: trade.id })))).toBe('403 FORBIDDEN');
    expect(await env.dataSource.getRepository(TradeEntity).countBy({ id: trade.id })).toBe(1);
    const reply = await service.delete(call(admin, { tradeId: trade.id }, true));
    expect(reply.before).toMatchObject({ tradeId: trade.id, symbol: 'TSLA', traceId: second.id });
    expect(await env.dataSource.getRepository(TradeEntity).countBy({ id: trade.id })).toBe(0);
    expect(await outcome(service.delete(call(admin, { tradeId: trade.id }, true)))).toBe('404 TRADE_NOT_FOUND');
  });
});
