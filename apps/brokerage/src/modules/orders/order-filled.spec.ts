import { OrderFilledV1 } from '@copytrade/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { OrderIntentEntity } from './entities/order-intent.entity';
import { orderFilledOf } from './order-intents.store';

const intent = (overrides: Partial<OrderIntentEntity> = {}): OrderIntentEntity =>
  ({
    id: '7a1c1d0e-2f4b-4c1a-9a77-5b0c3f1e2d10',
    userId: '0e5b9a34-8d1f-4e77-b2a1-3f5d6c7e8f90',
    requestId: 'req-1',
    accountId: 'acc-1',
    provider: 'paper',
    clientOrderId: '4b8e2f6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
    action: 'BUY',
    symbol: 'AAPL',
    quantity: '10.00000000',
    order: { option: null, underlying: 'AAPL' },
    state: 'FILLED',
    isFinal: true,
    providerOrderId: 'B-1',
    providerStatus: 'EXECUTED',
    filledQuantity: '10.00000000',
    executionPrice: '101.250000',
    ...overrides,
  }) as OrderIntentEntity;

const errorsOf = (data: object) =>
  validateSync(plainToInstance(OrderFilledV1, data), { whitelist: true, forbidNonWhitelisted: true });

describe('OrderFilled of an intent', () => {
  it('a stock: the brokerage order id, what filled at what average price, multiplier 1', () => {
    const data = orderFilledOf(intent())!;
    expect(data).toMatchObject({
      intentId: intent().id,
      brokerageOrderId: 'B-1',
      action: 'BUY',
      symbol: 'AAPL',
      underlying: 'AAPL',
      optionType: null,
      contractMultiplier: 1,
      filledQuantity: '10',
      averagePrice: '101.25',
    });
    expect(errorsOf(data)).toEqual([]);
  });

  it('an option: its OCC symbol, underlying, type, strike, expiry and multiplier', () => {
    const data = orderFilledOf(
      intent({
        symbol: 'AAPL  261218C00240000',
        quantity: '2',
        filledQuantity: '2',
        executionPrice: '3.4',
        order: {
          underlying: 'AAPL',
          option: { optionType: 'CALL', strikePrice: '240.000', expirationDate: '2026-12-18', multiplier: 100 },
        },
      }),
    )!;
    expect(data).toMatchObject({
      symbol: 'AAPL  261218C00240000',
      underlying: 'AAPL',
      optionType: 'call',
      strikePrice: '240',
      expirationDate: '2026-12-18',
      contractMultiplier: 100,
      averagePrice: '3.4',
    });
    expect(errorsOf(data)).toEqual([]);
  });

  it("the fill time is the brokerage's execution time, not the moment the event is written", () => {
    const executedAt = new Date(Date.now() - 37_000);
    expect(orderFilledOf(intent({ executedAt }))!.filledAt).toBe(executedAt.toISOString());
  });

  it('no fill price: no event', () => {
    expect(orderFilledOf(intent({ executionPrice: null }))).toBeNull();
  });
});
