import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { PLACE_ORDER_BATCH_MAX } from './brokerage.rpc';
import { PlaceOrderBatchRpcCall } from './brokerage.rpc-calls';

const item = {
  userId: '6f1c2a58-0a4b-4c2e-9a43-2b0c6f7f6b10',
  accountId: null,
  requestId: 'event-1:follower-1',
  order: { action: 'BUY', symbol: 'AAPL', quantity: 1 },
};
const call = (orders: unknown) => ({ requestId: 'trace-1', payload: { orders } });

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
  it('accepts orders with a null or a given account', async () => {
    expect(await errorsOf(call([item, { ...item, accountId: 'acc-1', requestId: 'r2' }]))).toEqual([]);
  });

  it('validates each order and its fields', async () => {
    const errors = await errorsOf(call([item, { ...item, userId: 'nope', order: { action: 'HOLD', symbol: 'X' } }]));
    expect(errors).toEqual(
      expect.arrayContaining([
        'payload.orders.1.userId:isUuid',
        'payload.orders.1.order.action:isIn',
        'payload.orders.1.order.quantity:isNumber',
      ]),
    );
    expect(errors.some((error) => error.startsWith('payload.orders.0.'))).toBe(false);
  });

  it(`refuses an empty batch and more than ${PLACE_ORDER_BATCH_MAX} orders`, async () => {
    expect(await errorsOf(call([]))).toEqual(['payload.orders:arrayMinSize']);
    expect(await errorsOf(call(Array.from({ length: PLACE_ORDER_BATCH_MAX + 1 }, () => item)))).toEqual([
      'payload.orders:arrayMaxSize',
    ]);
    expect(await errorsOf(call('all'))).toEqual(expect.arrayContaining(['payload.orders:isArray']));
  });
});
