import { providerOrder } from '../../../test/support/provider-orders';
import type { ProviderOrder } from '../provider/provider.types';
import { OrderListCache, compareNewestFirst, orderCursorAfter, orderKeyOf, pageAfter } from './order-pages';

/** Only the time placed and the id order a list (and make its cursors). */
const order = (brokerageOrderId: string, timePlaced: string | null): ProviderOrder =>
  providerOrder({ brokerageOrderId, timePlaced, timeExecuted: timePlaced });

describe('order pages', () => {
  const list = [
    order('a', '2026-01-02T10:00:00.000Z'),
    order('b', '2026-01-02T10:00:00Z'), // the same instant, another spelling
    order('c', '2026-01-03T09:00:00.000+01:00'),
    order('d', null),
    order('e', '2026-01-01T00:00:00.000Z'),
  ];
  const sorted = [...list].sort(compareNewestFirst);
  const ids = (orders: ProviderOrder[]) => orders.map((row) => row.brokerageOrderId);

  it('sorts newest first by instant (not by text), then by id descending; no time comes last', () => {
    expect(ids(sorted)).toEqual(['c', 'b', 'a', 'e', 'd']);
  });

  it('pages after a key: every order once whatever the page size', () => {
    for (const limit of [1, 2, 3, 5]) {
      const read: ProviderOrder[] = [];
      let after = null;
      for (;;) {
        const page = pageAfter(sorted, after, limit);
        read.push(...page);
        if (page.length < limit) break;
        after = orderKeyOf(orderCursorAfter(page.at(-1)!));
      }
      expect(ids(read)).toEqual(ids(sorted));
    }
  });

  it('carries on after a key whose order is gone from a newer list', () => {
    const newer = [order('z', '2026-02-01T00:00:00Z'), ...sorted.filter((row) => row.brokerageOrderId !== 'b')].sort(
      compareNewestFirst,
    );
    expect(ids(pageAfter(newer, { timePlaced: '2026-01-02T10:00:00Z', brokerageOrderId: 'b' }, 10))).toEqual([
      'a',
      'e',
      'd',
    ]);
  });

  it('reads back its own cursors and refuses anything else', () => {
    expect(orderKeyOf(orderCursorAfter({ timePlaced: null, brokerageOrderId: 'x' }))).toEqual({
      timePlaced: null,
      brokerageOrderId: 'x',
    });
    for (const bad of ['', 'not-a-cursor', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{}').toString()])
      expect(orderKeyOf(bad)).toBeNull();
  });

  it('keeps a list for its time to live, then forgets it; the oldest list goes first', () => {
    const cache = new OrderListCache(1_000, 2);
    cache.set('u:1', sorted, 0);
    expect(cache.get('u:1', 1_000)).toBe(sorted);
    expect(cache.get('u:1', 1_001)).toBeUndefined();
    cache.set('u:1', sorted, 2_000);
    cache.set('u:2', sorted, 2_000);
    cache.set('u:3', sorted, 2_000);
    expect([cache.get('u:1', 2_000), cache.get('u:2', 2_000)?.length]).toEqual([undefined, 5]);
  });
});
