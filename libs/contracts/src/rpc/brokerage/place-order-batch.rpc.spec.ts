import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { batchOf, ordersOfBatch, PLACE_ORDER_BATCH_MAX, type PlaceOrderBatchOrder } from './brokerage.rpc';
import { PlaceOrderBatchRpcCall } from './brokerage.rpc-calls';

const item = {
  userId: '6f1c2a58-0a4b-4c2e-9a43-2b0c6f7f6b10',
  accountId: null,
  requestId: 'event-1:follower-1',
  quantity: 1,
};
const aapl = { action: 'BUY', symbol: 'AAPL' };
const call = (groups: unknown) => ({ requestId: 'trace-1', payload: { groups } });

async function errorsOf(value: unknown): Promise<string[]> {
  const errors = await validate(plainToInstance(PlaceOrderBatchRpcCall, value) as object, {
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  const flat = (list: ValidationError[], path: string): string[] =>
    list.flatMap((error) => [
      ...Object.keys(error.constraints ?? {}).map((key) => `${path}${error.property}:${key}`),
      ...flat(error.children ?? [], `${path}${error.property}.`),
    ]);
  return flat(errors, '');
}

describe('PlaceOrderBatchRpcCall', () => {
  it('accepts groups of orders with a null or a given account', async () => {
    expect(
      await errorsOf(
        call([
          { order: aapl, orders: [item, { ...item, accountId: 'acc-1', requestId: 'r2', quantity: 3 }] },
          { order: { action: 'SELL', symbol: 'MSFT' }, orders: [item] },
        ]),
      ),
    ).toEqual([]);
  });

  it("validates each group's order once and each order's own fields", async () => {
    const errors = await errorsOf(
      call([
        { order: aapl, orders: [item] },
        { order: { action: 'HOLD', symbol: 7, quantity: 5 }, orders: [item, { ...item, userId: 'nope', quantity: 0 }] },
      ]),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'payload.groups.1.order.action:isIn',
        'payload.groups.1.order.symbol:isString',
        'payload.groups.1.orders.1.userId:isUuid',
        'payload.groups.1.orders.1.quantity:isPositive',
      ]),
    );
    expect(errors.some((error) => error.startsWith('payload.groups.0.'))).toBe(false);
    expect(errors.some((error) => error.startsWith('payload.groups.1.orders.0.'))).toBe(false);
  });

  it("drops a quantity or an account given on a group's order: each order gives its own", async () => {
    const value = call([{ order: { ...aapl, quantity: 5, accountId: 'acc-9' }, orders: [item] }]);
    expect(await errorsOf(value)).toEqual([]);
    const { payload } = plainToInstance(PlaceOrderBatchRpcCall, value);
    expect(payload.groups[0]!.order).not.toHaveProperty('quantity', 5);
    expect(payload.groups[0]!.order).not.toHaveProperty('accountId', 'acc-9');
    expect(ordersOfBatch(payload)[0]!.order.quantity).toBe(1);
  });

  it(`refuses an empty batch and more than ${PLACE_ORDER_BATCH_MAX} orders in all its groups`, async () => {
    expect(await errorsOf(call([]))).toEqual(expect.arrayContaining(['payload.groups:arrayMinSize']));
    expect(await errorsOf(call([{ order: aapl, orders: [] }]))).toEqual(
      expect.arrayContaining(['payload.groups:batchSize', 'payload.groups.0.orders:arrayMinSize']),
    );
    const half = Array.from({ length: PLACE_ORDER_BATCH_MAX / 2 }, () => item);
    expect(
      await errorsOf(
        call([
          { order: aapl, orders: half },
          { order: aapl, orders: half },
        ]),
      ),
    ).toEqual([]);
    expect(
      await errorsOf(
        call([
          { order: aapl, orders: half },
          { order: aapl, orders: [...half, item] },
        ]),
      ),
    ).toEqual(['payload.groups:batchSize']);
    expect(await errorsOf(call('all'))).toEqual(expect.arrayContaining(['payload.groups:isArray']));
  });
});

describe('batchOf and ordersOfBatch', () => {
  const order = (requestId: string, symbol: string, quantity: number): PlaceOrderBatchOrder => ({
    userId: item.userId,
    accountId: null,
    requestId,
    order: { action: 'BUY', symbol, quantity },
  });

  it('groups consecutive orders equal but for their quantity, and gives them back in the same order', () => {
    const orders = [order('a', 'AAPL', 1), order('b', 'AAPL', 5), order('c', 'MSFT', 2), order('d', 'AAPL', 3)];
    const batch = batchOf(orders);
    expect(batch.groups.map((group) => [group.order, group.orders.map((one) => one.quantity)])).toEqual([
      [{ action: 'BUY', symbol: 'AAPL' }, [1, 5]],
      [{ action: 'BUY', symbol: 'MSFT' }, [2]],
      [{ action: 'BUY', symbol: 'AAPL' }, [3]],
    ]);
    expect(ordersOfBatch(batch)).toEqual(orders);
  });
});
