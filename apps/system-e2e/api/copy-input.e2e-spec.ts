import { randomUUID } from 'node:crypto';
import { CopyTradeErrorCode, CopyTradeMessages, MyCopiesMessages, OwnerSellMessages } from '@copytrade/contracts';
import { shareTradeWithSubscriber, type LinkedFollower } from '../src/support/shared-trade';
import { useTestPlatform } from '../src/support/test-platform';
import type { ApiSession } from '../src/support/api-session';

/**
 * Bad input on the copy paths, through the gateway with the paper broker: every refusal is a 400 with a clear
 * message (never a 5xx) and nothing reaches the brokerage. A copy needs confirmRisks exactly true and a whole
 * quantity from 1 to 1,000,000; the amounts it names are finite and bounded; a sell of a copy needs confirmRisks
 * true and a whole quantity; the record-copy and close bodies and the my-copies query refuse what is not theirs.
 */
const suite = useTestPlatform('copy-input');
let demo: ApiSession;
let traceId: string;
let tradeId: string;
let subscriber: LinkedFollower;

const copyBody = (overrides: object = {}) => ({
  userId: subscriber.id,
  tradeId,
  accountId: subscriber.accountId,
  copyAmount: 220,
  customQuantity: 2,
  confirmRisks: true,
  ...overrides,
});

const copyTrade = (body: object) =>
  subscriber.api.send('post', '/api/snaptrade/copy-trade', body, { 'X-Request-ID': `copy-${randomUUID()}` });

const sellBody = (position: object = {}, overrides: object = {}) => ({
  userId: subscriber.id,
  accountId: subscriber.accountId,
  positionData: {
    symbol: 'MSFT',
    quantity: 1,
    isOptions: false,
    orderType: 'Market',
    price: null,
    traceId,
    ...position,
  },
  confirmRisks: true,
  ...overrides,
});

const sell = (body: object) =>
  subscriber.api.send('post', '/api/snaptrade/sell-position', body, { 'X-Request-ID': `sell-${randomUUID()}` });

/** What the subscriber sent to the brokerage, and the copies and sells the copy engine recorded. */
const recorded = async () => {
  const [orders, copies, sells] = await Promise.all([
    suite.db.query(`SELECT action, quantity::float8 AS quantity FROM brokerage.order_intents WHERE user_id = $1`, [
      subscriber.id,
    ]),
    suite.db.query(`SELECT status FROM copy_engine.copy_instances WHERE user_id = $1`, [subscriber.id]),
    suite.db.query(`SELECT quantity::float8 AS quantity FROM copy_engine.copy_sells WHERE user_id = $1`, [
      subscriber.id,
    ]),
  ]);
  return { orders: orders.rows, copies: copies.rows, sells: sells.rows };
};

/** Each case is answered 400 with the code (and the message, when given): all cases compared at once. */
async function expectRefused(
  cases: ReadonlyArray<readonly [string, unknown]>,
  send: (body: object) => Promise<{ status: number; body: { code?: string; message?: string } }>,
  code: string,
  message?: string,
) {
  const answers: unknown[] = [];
  for (const [label, body] of cases) {
    const response = await send(body as object);
    answers.push([label, response.status, response.body.code, message === undefined ? null : response.body.message]);
  }
  expect(answers).toEqual(cases.map(([label]) => [label, 400, code, message ?? null]));
}

beforeAll(async () => {
  ({ demo, traceId, tradeId, subscriber } = await shareTradeWithSubscriber(suite, {
    trace: { name: 'copy_input_source', handle: 'copy_input_source' },
    orderPrefix: 'copy-input-src',
    usersLabel: 'copy_input',
  }));
  expect((await demo.post('/api/dev/market/price', { symbol: 'MSFT', price: 110 })).status).toBe(200);
}, 120_000);

describe('POST /api/snaptrade/copy-trade refuses bad input before any order', () => {
  it('confirmRisks must be exactly true: missing, false, a string, a number, null', async () => {
    const { confirmRisks: _omitted, ...withoutConfirmation } = copyBody();
    await expectRefused(
      [
        ['missing', withoutConfirmation],
        ['false', copyBody({ confirmRisks: false })],
        ['"true"', copyBody({ confirmRisks: 'true' })],
        ['1', copyBody({ confirmRisks: 1 })],
        ['null', copyBody({ confirmRisks: null })],
        ['[true]', copyBody({ confirmRisks: [true] })],
      ],
      copyTrade,
      CopyTradeErrorCode.RISKS_NOT_CONFIRMED,
      CopyTradeMessages.risksNotConfirmed,
    );
    // Missing fields are still listed first, as the documented message does.
    const missing = await copyTrade({ userId: subscriber.id, tradeId });
    expect([missing.status, missing.body.message]).toEqual([400, 'Missing required fields: accountId, copyAmount']);
    expect(await recorded()).toEqual({ orders: [], copies: [], sells: [] });
  });

  it('customQuantity is a whole number from 1 to 1,000,000', async () => {
    await expectRefused(
      [
        ['1e15', copyBody({ customQuantity: 1e15 })],
        ['1,000,001', copyBody({ customQuantity: 1_000_001 })],
        ['0', copyBody({ customQuantity: 0 })],
        ['-2', copyBody({ customQuantity: -2 })],
        ['1.5', copyBody({ customQuantity: 1.5 })],
        ['"2"', copyBody({ customQuantity: '2' })],
        ['"NaN"', copyBody({ customQuantity: 'NaN' })],
        ['[2]', copyBody({ customQuantity: [2] })],
        ['{}', copyBody({ customQuantity: {} })],
      ],
      copyTrade,
      CopyTradeErrorCode.INVALID_QUANTITY,
      CopyTradeMessages.invalidQuantity,
    );
    expect(await recorded()).toEqual({ orders: [], copies: [], sells: [] });
  });

  it('amounts are finite and bounded; text holds no control characters; scalars are not lists or objects', async () => {
    await expectRefused(
      [
        ['copyAmount 1e300', copyBody({ copyAmount: 1e300 })],
        ['copyAmount -1', copyBody({ copyAmount: -1 })],
        ['copyAmount "NaN"', copyBody({ copyAmount: 'NaN' })],
        ['copyAmount [220]', copyBody({ copyAmount: [220] })],
        ['copyAmount {}', copyBody({ copyAmount: { $gt: 1 } })],
        ['strikePrice 1e300', copyBody({ strikePrice: 1e300 })],
        ['strikePrice -5', copyBody({ strikePrice: -5 })],
        ['contractMultiplier 1e9', copyBody({ contractMultiplier: 1e9 })],
        ['contractMultiplier 2.5', copyBody({ contractMultiplier: 2.5 })],
        ['contractMultiplier 0', copyBody({ contractMultiplier: 0 })],
        ['tradeId NUL', copyBody({ tradeId: `${tradeId}\u0000` })],
        ['tradeId []', copyBody({ tradeId: [tradeId] })],
        ['accountId NUL', copyBody({ accountId: `a\u0000b` })],
        ['accountId {}', copyBody({ accountId: { id: 'a' } })],
        ['expirationDate NUL', copyBody({ expirationDate: '2030-01-\u00001' })],
        ['maxCopyAmount sent', copyBody({ maxCopyAmount: 1e300 })],
      ],
      copyTrade,
      'VALIDATION_FAILED',
    );
    expect(await recorded()).toEqual({ orders: [], copies: [], sells: [] });
  });
});

describe('POST /api/snaptrade/sell-position of a copy', () => {
  beforeAll(async () => {
    const copied = await copyTrade(copyBody());
    expect([copied.status, copied.body.copyInstance?.copyQuantity]).toEqual([200, 2]);
  });

  it('confirmRisks must be exactly true', async () => {
    const { confirmRisks: _omitted, ...withoutConfirmation } = sellBody();
    await expectRefused(
      [
        ['missing', withoutConfirmation],
        ['false', sellBody({}, { confirmRisks: false })],
        ['"true"', sellBody({}, { confirmRisks: 'true' })],
      ],
      sell,
      CopyTradeErrorCode.RISKS_NOT_CONFIRMED,
      OwnerSellMessages.risksNotConfirmed,
    );
  });

  it('a copy is sold in whole shares: 0.5 is refused and nothing is sold', async () => {
    for (const positionTraceId of [traceId, 'unknown']) {
      const half = await sell(sellBody({ quantity: 0.5, traceId: positionTraceId }));
      expect([half.status, half.body.code, half.body.message]).toEqual([
        400,
        CopyTradeErrorCode.INVALID_QUANTITY,
        MyCopiesMessages.sellQuantity,
      ]);
    }
    await expectRefused(
      [
        ['1e15', sellBody({ quantity: 1e15 })],
        ['1,000,001', sellBody({ quantity: 1_000_001 })],
        ['0', sellBody({ quantity: 0 })],
        ['-1', sellBody({ quantity: -1 })],
        ['"1"', sellBody({ quantity: '1' })],
        ['[1]', sellBody({ quantity: [1] })],
        ['strikePrice 1e300', sellBody({ strikePrice: 1e300 })],
        ['symbol NUL', sellBody({ symbol: 'MS\u0000FT' })],
        ['traceId NUL', sellBody({ traceId: 'unk\u0000nown' })],
        ['optionsTicker NUL', sellBody({ optionsTicker: 'MSFT\u0000' })],
        ['optionType NUL', sellBody({ optionType: 'call\u0000' })],
        ['accountId NUL', sellBody({}, { accountId: 'a\u0000' })],
      ],
      sell,
      'VALIDATION_FAILED',
    );
    const { orders, sells } = await recorded();
    expect([orders.filter((order) => order.action === 'SELL'), sells]).toEqual([[], []]);
  });

  it('a whole number within what the copy holds still sells', async () => {
    const sold = await sell(sellBody({ quantity: 1, traceId: 'unknown' }));
    expect([sold.status, sold.body.status]).toEqual([200, 'filled']);
    expect((await recorded()).sells).toEqual([{ quantity: 1 }]);
  });
});

describe('the other copy paths', () => {
  it('POST /api/copy-trades/copy refuses an id that is not one, and copyData that is not an object', async () => {
    for (const body of [
      { originalTradeId: `${tradeId}\u0000` },
      { originalTradeId: [tradeId] },
      { originalTradeId: { id: tradeId } },
      { originalTradeId: 1e300 },
      { originalTradeId: tradeId, copyData: [1] },
      { originalTradeId: tradeId, copyData: 'x' },
    ]) {
      const response = await subscriber.api.send('post', '/api/copy-trades/copy', body);
      expect([JSON.stringify(body), response.status, response.body.code]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_FAILED',
      ]);
    }
  });

  it('PUT /api/copy-trades/{id}/close refuses an exit price that is not a bounded number', async () => {
    const [copy] = (await subscriber.api.get('/api/copy-trades/my-copies').expect(200)).body.copyInstances;
    await expectRefused(
      [
        ['exitPrice 1e300', { exitPrice: 1e300 }],
        ['exitPrice -1', { exitPrice: -1 }],
        ['exitPrice "NaN"', { exitPrice: 'NaN' }],
        ['exitPrice [1]', { exitPrice: [1] }],
        ['brokerageSellOrderId NUL', { exitPrice: 1, brokerageSellOrderId: 'o\u0000' }],
        ['brokerageSellOrderId []', { exitPrice: 1, brokerageSellOrderId: ['o'] }],
      ],
      (body) => subscriber.api.send('put', `/api/copy-trades/${copy.id}/close`, body),
      'VALIDATION_FAILED',
    );
    // A control character in a path parameter is refused as such (docs/security.md, "Input and logs").
    const refresh = await subscriber.api.send('post', '/api/copy-trades/%00/refresh-price');
    expect([refresh.status, refresh.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('GET /api/copy-trades/my-copies refuses a query out of range or of the wrong shape', async () => {
    for (const query of [
      'offset=1e20',
      'offset=99999999999999999999',
      'offset=1000001',
      'offset=-1',
      'offset=1.5',
      'offset=NaN',
      'offset[]=1',
      'offset[a]=1',
      'limit=1e400',
      'limit=Infinity',
      'limit=1&limit=2',
      'status[]=open',
      'status[x]=open',
      'status=open%00',
      'status=open&status=closed',
    ]) {
      const response = await subscriber.api.get(`/api/copy-trades/my-copies?${query}`);
      expect([query, response.status, response.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    const far = await subscriber.api.get('/api/copy-trades/my-copies?offset=1000000&limit=200');
    expect([far.status, far.body.copyInstances]).toEqual([200, []]);
  });
});
