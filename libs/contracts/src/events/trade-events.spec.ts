import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { OrderFilledV1 } from './brokerage/order-filled.v1';
import { TradeClosedV1 } from './traces/trade-closed.v1';
import { TradeSharedV1 } from './traces/trade-shared.v1';

/** The fields the base classes (OptionContractFieldsV1, TradeEventV1) declare are checked in every event. */
const failing = (type: new () => object, data: object) =>
  validateSync(plainToInstance(type, data)).map((error) => error.property);

const trade = {
  tradeId: '6f1c1c55-7a39-4a47-9d6e-2a7f3e0c9b11',
  traceId: '0b7e6a8e-3f0c-4c36-8d1e-2f4b1b7c9a01',
  ownerUserId: '2c6b0f3e-1d4a-4f5b-9c7e-8a1b2c3d4e5f',
  symbol: 'AAPL',
  side: 'buy',
  quantity: '2',
  entryPrice: '3.5',
  optionsTicker: 'AAPL  300118C00240000',
  optionType: 'call',
  strikePrice: '240',
  expirationDate: '2030-01-18',
  contractMultiplier: 100,
};
const shared = {
  ...trade,
  isOptions: true,
  requiredTier: 'premium',
  strategy: 'Unknown',
  confidence: 'Medium',
  notes: null,
  sharedAt: '2026-01-05T15:00:00.000Z',
};
const closed = {
  ...trade,
  exitPrice: '4.25',
  realizedPnl: '-12.5',
  reason: 'closed',
  isShared: true,
  brokerageOrderId: null,
  closedAt: '2026-01-06T15:00:00.000Z',
};
const filled = {
  intentId: '6f1c1c55-7a39-4a47-9d6e-2a7f3e0c9b11',
  userId: '0b7e6a8e-3f0c-4c36-8d1e-2f4b1b7c9a01',
  accountId: 'paper-1',
  provider: 'paper',
  brokerageOrderId: 'B-1',
  action: 'SELL',
  symbol: 'MSFT',
  underlying: 'MSFT',
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
  filledQuantity: '10',
  averagePrice: '112.5',
  filledAt: '2026-01-06T15:00:00.000Z',
};

describe('trade and order event payloads', () => {
  it('accept-complete-payloads', () => {
    expect(failing(TradeSharedV1, shared)).toEqual([]);
    expect(failing(TradeClosedV1, closed)).toEqual([]);
    expect(failing(OrderFilledV1, filled)).toEqual([]);
  });

  it('check-the-trade-fields-they-share', () => {
    for (const [type, data] of [
      [TradeSharedV1, shared],
      [TradeClosedV1, closed],
    ] as const)
      expect(failing(type, { ...data, tradeId: 'x', side: 'long', quantity: '-1', entryPrice: 'n/a' }).sort()).toEqual([
        'entryPrice',
        'quantity',
        'side',
        'tradeId',
      ]);
  });

  it('check-the-option-contract-fields-they-share', () => {
    const wrong = { optionType: 'straddle', strikePrice: '1e3', contractMultiplier: 0 };
    for (const [type, data] of [
      [TradeSharedV1, shared],
      [TradeClosedV1, closed],
      [OrderFilledV1, filled],
    ] as const)
      expect(failing(type, { ...data, ...wrong }).sort()).toEqual(['contractMultiplier', 'optionType', 'strikePrice']);
  });

  it('a-trade-closed-event-written-before-the-option-fields-were-added-is-still-valid', () => {
    const { optionType: _type, strikePrice: _strike, expirationDate: _expiry, ...older } = closed;
    expect(failing(TradeClosedV1, older)).toEqual([]);
  });
});
