import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { ACCOUNT_VALUES_MAX_USERS, MARKET_QUOTES_MAX_USERS } from './brokerage.rpc';
import {
  AccountValuesRpcCall,
  MarketQuotesRpcCall,
  PlaceOrderBatchRpcCall,
  PlaceOrderRpcCall,
} from './brokerage.rpc-calls';

const userId = '6f1c2a58-0a4b-4c2e-9a43-2b0c6f7f6b10';

async function errorsOf(type: new () => object, payload: unknown): Promise<string[]> {
  const errors = await validate(plainToInstance(type, { requestId: 'trace-1', payload }) as object, {
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

describe('limit fields of an order', () => {
  const place = (order: Record<string, unknown>) =>
    errorsOf(PlaceOrderRpcCall, {
      userId,
      requestId: 'request-1',
      order: { action: 'BUY', symbol: 'AAPL', quantity: 1, ...order },
    });

  it('accepts a limit price and IOC, FOK or Day, on a single order and on a batch group', async () => {
    for (const timeInForce of ['IOC', 'FOK', 'Day'])
      expect(await place({ limitPrice: 101.5, timeInForce })).toEqual([]);
    expect(
      await errorsOf(PlaceOrderBatchRpcCall, {
        groups: [
          {
            order: { action: 'BUY', symbol: 'AAPL', limitPrice: 101.5, timeInForce: 'IOC' },
            orders: [{ userId, accountId: null, requestId: 'event-1:follower-1', quantity: 1 }],
          },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses a limit price that is not a positive number and an unknown time in force', async () => {
    expect(await place({ limitPrice: '101' })).toContain('payload.order.limitPrice:isNumber');
    expect(await place({ limitPrice: -1 })).toContain('payload.order.limitPrice:isPositive');
    expect(await place({ limitPrice: 1, timeInForce: 'GTC' })).toEqual(['payload.order.timeInForce:isIn']);
  });
});

describe('MarketQuotesRpcCall', () => {
  it('takes 1 to 10 symbols and, optionally, up to the maximum of user ids', async () => {
    expect(await errorsOf(MarketQuotesRpcCall, { symbols: ['AAPL'] })).toEqual([]);
    expect(await errorsOf(MarketQuotesRpcCall, { symbols: ['AAPL', 'MSFT'], userIds: [userId] })).toEqual([]);
    expect(await errorsOf(MarketQuotesRpcCall, { symbols: [] })).toEqual(['payload.symbols:arrayMinSize']);
    expect(await errorsOf(MarketQuotesRpcCall, { symbols: Array.from({ length: 11 }, () => 'AAPL') })).toEqual([
      'payload.symbols:arrayMaxSize',
    ]);
    expect(await errorsOf(MarketQuotesRpcCall, { symbols: ['AAPL'], userIds: ['nope'] })).toEqual([
      'payload.userIds:isUuid',
    ]);
    const tooMany = Array.from({ length: MARKET_QUOTES_MAX_USERS + 1 }, () => userId);
    expect(await errorsOf(MarketQuotesRpcCall, { symbols: ['AAPL'], userIds: tooMany })).toEqual([
      'payload.userIds:arrayMaxSize',
    ]);
  });
});

describe('AccountValuesRpcCall', () => {
  it('takes a list of user ids, up to the maximum', async () => {
    expect(await errorsOf(AccountValuesRpcCall, { userIds: [] })).toEqual([]);
    expect(await errorsOf(AccountValuesRpcCall, { userIds: [userId] })).toEqual([]);
    expect(await errorsOf(AccountValuesRpcCall, {})).toContain('payload.userIds:isArray');
    expect(await errorsOf(AccountValuesRpcCall, { userIds: ['nope'] })).toEqual(['payload.userIds:isUuid']);
    const tooMany = Array.from({ length: ACCOUNT_VALUES_MAX_USERS + 1 }, () => userId);
    expect(await errorsOf(AccountValuesRpcCall, { userIds: tooMany })).toEqual(['payload.userIds:arrayMaxSize']);
  });
});
