import type { ProviderOrder } from '../../src/modules/provider/provider.types';

/**
 * An order as a provider lists it: a market buy of 2 AAPL executed at 10, placed 2026-03-10T15:00:01Z, without the
 * client order id (SnapTrade's records do not carry it) or an execution time, unless told otherwise.
 */
export const providerOrder = (overrides: Partial<ProviderOrder> = {}): ProviderOrder => ({
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
