import type { ProviderOrder } from '../provider/provider.types';
import { matchProviderOrder } from './order-matcher';

const intent = {
  clientOrderId: 'c-1',
  symbol: 'AAPL',
  action: 'BUY' as const,
  quantity: '2.00000000',
  createdAt: new Date('2026-03-10T15:00:00Z'),
};
const order = (overrides: Partial<ProviderOrder>): ProviderOrder => ({
  brokerageOrderId: 'b-1',
  clientOrderId: null,
  symbol: 'AAPL',
  option: null,
  action: 'BUY',
  orderType: 'Market',
  timeInForce: 'Day',
  status: 'EXECUTED',
  totalQuantity: '2',
  filledQuantity: '2',
  executionPrice: '10',
  timePlaced: '2026-03-10T15:00:01Z',
  timeExecuted: null,
  ...overrides,
});

describe('matchProviderOrder', () => {
  it('prefers the client order id when the brokerage echoes it', () => {
    expect(
      matchProviderOrder(intent, [order({}), order({ brokerageOrderId: 'b-2', clientOrderId: 'c-1' })], new Set()),
    ).toMatchObject({ brokerageOrderId: 'b-2' });
  });

  it('otherwise matches symbol, side and quantity placed after the intent, skipping orders other intents hold', () => {
    const orders = [
      order({ brokerageOrderId: 'old', timePlaced: '2026-03-10T14:00:00Z' }),
      order({ brokerageOrderId: 'held' }),
      order({ brokerageOrderId: 'mine' }),
      order({ brokerageOrderId: 'sell', action: 'SELL' }),
    ];
    expect(matchProviderOrder(intent, orders, new Set(['held']))).toMatchObject({ brokerageOrderId: 'mine' });
  });

  it('never guesses between two candidates, and finds nothing when nothing fits', () => {
    expect(
      matchProviderOrder(intent, [order({ brokerageOrderId: 'x' }), order({ brokerageOrderId: 'y' })], new Set()),
    ).toBe('ambiguous');
    expect(matchProviderOrder(intent, [order({ totalQuantity: '3' })], new Set())).toBeNull();
  });
});
