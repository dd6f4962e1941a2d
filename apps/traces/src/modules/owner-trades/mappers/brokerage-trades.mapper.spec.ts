import type { TradeEntity } from '../../shared/entities';
import { buyOrder, stockPosition } from '../../../../test/support/brokerage-fixtures';
import { planSync } from './brokerage-trades.mapper';

const ACCOUNT = 'paper-1';
const position = (symbol: string, quantity: number, price = 110) => stockPosition(symbol, quantity, price, 100);
const buy = (id: string, symbol: string, quantity: number) =>
  buyOrder(id, symbol, quantity, 100, '2026-01-05T15:00:00.000Z');
const trade = (id: string, sourceKey: string, symbol: string, quantity: number): TradeEntity =>
  ({
    id,
    sourceKey,
    symbol,
    quantity: String(quantity),
    status: 'open',
    brokerageAccountId: ACCOUNT,
    optionsTicker: null,
    isOptions: false,
    contractMultiplier: 1,
    currentPrice: '110',
    executedAt: new Date('2026-01-05T15:00:00.000Z'),
  }) as TradeEntity;
const NOW = new Date('2026-02-01T15:00:00.000Z');

describe('planSync', () => {
  it('a trade partly sold by the owner keeps the rest: the order filled 10, 4 were sold, 6 are held', () => {
    const snapshot = { accountId: ACCOUNT, positions: [position('MSFT', 6)], orders: [buy('X', 'MSFT', 10)] };
    const stored = [trade('t1', 'order:X', 'MSFT', 6)];
    const plan = planSync(snapshot, stored, NOW, { soldByTrade: new Map([['t1', 4]]) });
    expect(plan.upserts).toEqual([
      expect.objectContaining({ sourceKey: 'order:X', quantity: '6', ownerStatus: 'filled' }),
    ]);
    expect(plan.closes).toEqual([]);
  });

  it('without what was sold, the order would put the trade back to 10 (what the sold units guard against)', () => {
    const snapshot = { accountId: ACCOUNT, positions: [position('MSFT', 6)], orders: [buy('X', 'MSFT', 10)] };
    const plan = planSync(snapshot, [trade('t1', 'order:X', 'MSFT', 6)], NOW);
    expect(plan.upserts).toEqual([expect.objectContaining({ sourceKey: 'order:X', quantity: '10' })]);
  });

  it('a partly sold trade beside older holdings: the rest of the holding stays a position lot of its own size', () => {
    // 5 held from before the order list, 10 bought by X of which 4 were sold: 11 held.
    const snapshot = { accountId: ACCOUNT, positions: [position('MSFT', 11)], orders: [buy('X', 'MSFT', 10)] };
    const stored = [trade('t1', 'order:X', 'MSFT', 6), trade('t2', `position:${ACCOUNT}:MSFT:1`, 'MSFT', 5)];
    const plan = planSync(snapshot, stored, NOW, { soldByTrade: new Map([['t1', 4]]) });
    expect(plan.upserts.map((upsert) => [upsert.sourceKey, upsert.quantity])).toEqual([
      ['order:X', '6'],
      [`position:${ACCOUNT}:MSFT:1`, '5'],
    ]);
  });

  it('instruments changed since the snapshot was read are left alone: no upsert, reprice or close', () => {
    // A stale snapshot: NVDA's new trade (a fill) is not in it yet, MSFT still shows 10 though 4 were sold.
    const snapshot = { accountId: ACCOUNT, positions: [position('MSFT', 10, 120)], orders: [buy('X', 'MSFT', 10)] };
    const stored = [trade('t1', 'order:X', 'MSFT', 6), trade('t3', 'order:Y', 'NVDA', 3)];
    const plan = planSync(snapshot, stored, NOW, {
      soldByTrade: new Map([['t1', 4]]),
      changedSinceRead: new Set(['MSFT', 'NVDA']),
    });
    expect(plan).toEqual({ upserts: [], reprices: [], closes: [] });
    // The same snapshot without the guard would close NVDA and add a 4-share MSFT lot that is not held.
    const unguarded = planSync(snapshot, stored, NOW, { soldByTrade: new Map([['t1', 4]]) });
    expect(unguarded.closes).toEqual([expect.objectContaining({ id: 't3' })]);
    expect(unguarded.upserts).toContainEqual(
      expect.objectContaining({ sourceKey: `position:${ACCOUNT}:MSFT:1`, quantity: '4' }),
    );
  });
});
