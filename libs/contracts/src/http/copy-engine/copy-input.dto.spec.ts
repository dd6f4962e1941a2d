import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { OrderInputMessages } from '../../rules/order-input.rules';
import { MY_COPIES_MAX_OFFSET, SellCopyRpcPayload } from '../../rpc/copy-engine/my-copies.rpc';
import { SellPositionDto } from '../traces/owner-sell.dto';
import { OwnerSellMessages } from '../traces/owner-sell.rules';
import { CopyTradeDto } from './copy-trade.dto';
import { CopyTradeErrorCode, CopyTradeMessages } from './copy-trade.rules';
import { CloseCopyDto, MyCopiesQueryDto } from './my-copies.dto';

/** Each broken rule as field, message and the code it names (null: VALIDATION_FAILED). */
const brokenRules = (errors: ValidationError[], parent = ''): Array<[string, string, string | null]> =>
  errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]): [string, string, string | null] => [
      field,
      message,
      ((error.contexts?.[rule] as { code?: string } | undefined)?.code ?? null) as string | null,
    ]);
    return [...own, ...brokenRules(error.children ?? [], field)];
  });
const check = <T extends object>(type: new () => T, body: object) =>
  brokenRules(validateSync(plainToInstance(type, body)));
const fieldsOf = (rules: ReturnType<typeof brokenRules>) => [...new Set(rules.map(([field]) => field))];

const copy = (overrides: object = {}) => ({
  userId: '5b0f6a4e-8d1c-4c1e-9a55-3f1e2d7c9b10',
  tradeId: 'c0b4d1a2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  accountId: 'acc-1',
  copyAmount: 220,
  customQuantity: 2,
  confirmRisks: true,
  ...overrides,
});

describe('CopyTradeDto', () => {
  it('accepts a confirmed copy of a whole quantity within bounds', () => {
    expect(check(CopyTradeDto, copy())).toEqual([]);
    expect(
      check(CopyTradeDto, copy({ customQuantity: 1_000_000, strikePrice: 99_999.999, contractMultiplier: 10_000 })),
    ).toEqual([]);
  });

  it.each([undefined, false, 'true', 1, null, [true]])('confirmRisks %p is RISKS_NOT_CONFIRMED', (confirmRisks) => {
    expect(check(CopyTradeDto, copy({ confirmRisks }))).toEqual([
      ['confirmRisks', CopyTradeMessages.risksNotConfirmed, CopyTradeErrorCode.RISKS_NOT_CONFIRMED],
    ]);
  });

  it('leaves confirmRisks to the copy engine while required fields are missing (their list is the answer)', () => {
    expect(check(CopyTradeDto, { userId: copy().userId, tradeId: copy().tradeId })).toEqual([]);
    expect(check(CopyTradeDto, copy({ accountId: '  ', confirmRisks: undefined }))).toEqual([]);
  });

  it.each([0, -2, 1.5, 1_000_001, 1e15, '2', 'NaN', [2], {}])('customQuantity %p is INVALID_QUANTITY', (quantity) => {
    const rules = check(CopyTradeDto, copy({ customQuantity: quantity }));
    expect(fieldsOf(rules)).toEqual(['customQuantity']);
    expect(rules[0]).toEqual([
      'customQuantity',
      CopyTradeMessages.invalidQuantity,
      CopyTradeErrorCode.INVALID_QUANTITY,
    ]);
  });

  it.each([
    ['copyAmount', 1e300],
    ['copyAmount', -1],
    ['copyAmount', 'NaN'],
    ['copyAmount', [220]],
    ['strikePrice', 1e300],
    ['strikePrice', 0],
    ['contractMultiplier', 1e9],
    ['contractMultiplier', 2.5],
    ['tradeId', 'abc\u0000'],
    ['accountId', 'a\u0000b'],
    ['expirationDate', '2030-01-\u00001'],
  ])('%s %p is refused', (field, value) => {
    const rules = check(CopyTradeDto, copy({ [field]: value }));
    expect(fieldsOf(rules)).toEqual([field]);
    expect(rules.every(([, , code]) => code === null)).toBe(true);
  });
});

const sell = (position: object = {}, overrides: object = {}) => ({
  userId: '5b0f6a4e-8d1c-4c1e-9a55-3f1e2d7c9b10',
  accountId: 'acc-1',
  positionData: { symbol: 'MSFT', quantity: 1, orderType: 'Market', price: null, traceId: 'unknown', ...position },
  confirmRisks: true,
  ...overrides,
});

describe('SellPositionDto and the copy-engine sell payload', () => {
  it('an owner may still sell a fraction of a share; a copy sell is checked whole by the copy engine', () => {
    expect(check(SellPositionDto, sell({ quantity: 0.5 }))).toEqual([]);
  });

  it.each([undefined, false, 'true'])(
    'confirmRisks %p is RISKS_NOT_CONFIRMED on the gateway and the copy engine',
    (value) => {
      const expected = [['confirmRisks', OwnerSellMessages.risksNotConfirmed, CopyTradeErrorCode.RISKS_NOT_CONFIRMED]];
      expect(check(SellPositionDto, sell({}, { confirmRisks: value }))).toEqual(expected);
      const { userId: _userId, ...payload } = sell({}, { confirmRisks: value, requestId: 'sell-request-1' });
      expect(check(SellCopyRpcPayload, payload)).toEqual(expected);
    },
  );

  it.each([
    ['quantity', 1e15, OrderInputMessages.quantity],
    ['quantity', 0, OrderInputMessages.quantity],
    ['quantity', '1', OrderInputMessages.quantity],
    ['strikePrice', 1e300, OrderInputMessages.strike('strikePrice')],
    ['symbol', 'MS\u0000FT', OrderInputMessages.printable('symbol')],
    ['traceId', 'unk\u0000nown', OrderInputMessages.printable('traceId')],
  ])('positionData.%s %p is refused', (field, value, message) => {
    expect(check(SellPositionDto, sell({ [field]: value }))).toContainEqual([`positionData.${field}`, message, null]);
  });
});

describe('close body and my-copies query', () => {
  it.each([1e300, -1, 'NaN', [1]])('exitPrice %p is refused', (exitPrice) => {
    expect(fieldsOf(check(CloseCopyDto, { exitPrice }))).toEqual(['exitPrice']);
  });

  it('accepts the close the web app sends', () => {
    expect(check(CloseCopyDto, { exitPrice: 123.45, brokerageSellOrderId: 'order-1' })).toEqual([]);
    expect(check(CloseCopyDto, { exitPrice: null, brokerageSellOrderId: null })).toEqual([]);
    expect(fieldsOf(check(CloseCopyDto, { brokerageSellOrderId: 'o\u0000' }))).toEqual(['brokerageSellOrderId']);
  });

  it.each(['1e20', '99999999999999999999', String(MY_COPIES_MAX_OFFSET + 1), '-1', '1.5', 'NaN'])(
    'offset=%s is refused before it reaches SQL',
    (offset) => {
      expect(fieldsOf(check(MyCopiesQueryDto, { offset }))).toEqual(['offset']);
    },
  );

  it('accepts offsets up to the bound', () => {
    expect(check(MyCopiesQueryDto, { offset: String(MY_COPIES_MAX_OFFSET), limit: '200', status: 'open' })).toEqual([]);
  });
});
