import { OrderUpdatedV1 } from '@copytrade/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { OrderIntentEntity } from './entities/order-intent.entity';
import { orderUpdatedOf } from './order-intents.store';

const intent = (overrides: Partial<OrderIntentEntity> = {}): OrderIntentEntity =>
  ({
    id: '7a1c1d0e-2f4b-4c1a-9a77-5b0c3f1e2d10',
    userId: '0e5b9a34-8d1f-4e77-b2a1-3f5d6c7e8f90',
    requestId: 'req-1',
    accountId: 'acc-1',
    provider: 'snaptrade',
    clientOrderId: '4b8e2f6a-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
    action: 'BUY',
    symbol: 'AAPL',
    quantity: '10.00000000',
    order: { option: null, underlying: 'AAPL' },
    state: 'PARTIALLY_FILLED',
    isFinal: true,
    providerOrderId: 'B-1',
    providerStatus: 'PARTIAL_CANCELED',
    filledQuantity: '3.00000000',
    executionPrice: '101.250000',
    ...overrides,
  }) as OrderIntentEntity;

const errorsOf = (data: object) =>
  validateSync(plainToInstance(OrderUpdatedV1, data), { whitelist: true, forbidNonWhitelisted: true });

describe('OrderUpdated of an intent', () => {
  it('carries what a copy or a trade record needs: what filled, at what average price, whether it is over', () => {
    const data = orderUpdatedOf(intent());
    expect(data).toMatchObject({
      intentId: intent().id,
      requestId: 'req-1',
      userId: intent().userId,
      accountId: 'acc-1',
      brokerageOrderId: 'B-1',
      state: 'PARTIALLY_FILLED',
      final: true,
      quantity: '10',
      filledQuantity: '3',
      averagePrice: '101.25',
      providerStatus: 'PARTIAL_CANCELED',
      underlying: 'AAPL',
      isOptions: false,
    });
    expect(errorsOf(data)).toEqual([]);
  });

  it("carries the brokerage's execution time of the fill (valid), null before anything filled", () => {
    const executedAt = new Date(Date.now() - 37_000);
    const data = orderUpdatedOf(intent({ executedAt }));
    expect(data.filledAt).toBe(executedAt.toISOString());
    expect(data.occurredAt).not.toBe(data.filledAt);
    expect(errorsOf(data)).toEqual([]);
    expect(orderUpdatedOf(intent({ executedAt: null })).filledAt).toBeNull();
  });

  it('before anything filled: filled "0", no price, still valid', () => {
    const data = orderUpdatedOf(
      intent({
        state: 'SUBMITTING',
        isFinal: false,
        providerOrderId: null,
        filledQuantity: null,
        executionPrice: null,
      }),
    );
    expect(data).toMatchObject({ filledQuantity: '0', averagePrice: null, brokerageOrderId: null });
    expect(errorsOf(data)).toEqual([]);
  });

  it("a rejected order names the refusal in the brokerage service's terms; any other state names none", () => {
    const rejected = (error: OrderIntentEntity['error']) =>
      orderUpdatedOf(intent({ state: 'REJECTED', isFinal: true, filledQuantity: null, executionPrice: null, error }));
    const closed = rejected({ status: 422, code: 'MARKET_CLOSED', message: 'Market hours restriction' });
    expect(closed).toMatchObject({ state: 'REJECTED', rejectionCode: 'MARKET_CLOSED' });
    expect(errorsOf(closed)).toEqual([]);
    expect(rejected(null).rejectionCode).toBe('ORDER_REJECTED');
    expect(orderUpdatedOf(intent()).rejectionCode).toBeNull();
  });

  it('an event published before the rejection code existed is still valid', () => {
    const { rejectionCode: _, ...older } = orderUpdatedOf(intent());
    expect(errorsOf(older)).toEqual([]);
  });

  it('a consumer refuses an event with a state or quantity the contract does not have', () => {
    expect(errorsOf({ ...orderUpdatedOf(intent()), state: 'HALF_DONE' })).not.toEqual([]);
    expect(errorsOf({ ...orderUpdatedOf(intent()), filledQuantity: 3 })).not.toEqual([]);
  });
});
