import { providerOrder as order } from '../../../test/support/provider-orders';
import { matchProviderOrder, type IntentToMatch, type MatchContext } from './order-matcher';

const intent: IntentToMatch = {
  id: 'i-1',
  clientOrderId: 'c-1',
  symbol: 'AAPL',
  action: 'BUY',
  quantity: '2.00000000',
  createdAt: new Date('2026-03-10T15:00:00Z'),
};
/** order(): by default SnapTrade's record of this intent's order (b-1, AAPL BUY 2, placed a second after it). */
const context = (overrides: Partial<MatchContext> = {}): MatchContext => ({
  taken: new Set(),
  rivals: [],
  placementWindowMs: 2 * 60_000,
  ...overrides,
});

describe('matchProviderOrder', () => {
  it('prefers the client order id when the brokerage echoes it', () => {
    expect(
      matchProviderOrder(intent, [order({}), order({ brokerageOrderId: 'b-2', clientOrderId: 'c-1' })], context()),
    ).toMatchObject({ kind: 'matched', by: 'client-order-id', order: { brokerageOrderId: 'b-2' } });
  });

  it('otherwise matches symbol, side and quantity inside the window, skipping orders other intents hold', () => {
    const orders = [
      order({ brokerageOrderId: 'before', timePlaced: '2026-03-10T14:00:00Z' }),
      order({ brokerageOrderId: 'after', timePlaced: '2026-03-10T16:00:00Z' }),
      order({ brokerageOrderId: 'held' }),
      order({ brokerageOrderId: 'other-id', clientOrderId: 'c-9' }),
      order({ brokerageOrderId: 'mine' }),
      order({ brokerageOrderId: 'sell', action: 'SELL' }),
    ];
    expect(matchProviderOrder(intent, orders, context({ taken: new Set(['held']) }))).toMatchObject({
      kind: 'matched',
      by: 'order-details',
      order: { brokerageOrderId: 'mine' },
    });
  });

  it("never claims an order outside the intent's window: the user's own order an hour later is not ours", () => {
    expect(
      matchProviderOrder(
        intent,
        [order({ brokerageOrderId: 'manual', timePlaced: '2026-03-10T16:00:00Z' })],
        context(),
      ),
    ).toEqual({ kind: 'none' });
  });

  it('never guesses: two candidates, a candidate of unknown time, or a rival unknown intent leave it to a person', () => {
    expect(
      matchProviderOrder(intent, [order({ brokerageOrderId: 'x' }), order({ brokerageOrderId: 'y' })], context()),
    ).toMatchObject({ kind: 'undecidable' });
    expect(matchProviderOrder(intent, [order({ timePlaced: null })], context())).toMatchObject({
      kind: 'undecidable',
    });
    const rival = { ...intent, id: 'i-2', clientOrderId: 'c-2', createdAt: new Date('2026-03-10T15:00:00.5Z') };
    expect(matchProviderOrder(intent, [order({})], context({ rivals: [rival] }))).toMatchObject({
      kind: 'undecidable',
      reason: expect.stringContaining('i-2'),
    });
    expect(
      matchProviderOrder(intent, [order({ clientOrderId: 'c-1' })], context({ taken: new Set(['b-1']) })),
    ).toMatchObject({ kind: 'undecidable' });
  });

  it('finds nothing when nothing fits', () => {
    expect(matchProviderOrder(intent, [order({ totalQuantity: '3' })], context())).toEqual({ kind: 'none' });
  });
});
