import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { decide } from './auto-copy-fanout.handler';

/** How an automatic copy is sized from the follower's settings (whole units, at least one, never above the max). */
const follower = (defaultCopyAmount: string | null, maxCopyAmount: string | null = null) => ({
  userId: 'u',
  defaultCopyAmount,
  maxCopyAmount,
});
const size = (settings: ReturnType<typeof follower>, unitCost: number, isOptions = false) =>
  decide(settings, 'r', new Decimal(unitCost), { isOptions });

it('whole-units-of-the-default-amount-rounded-down', () => {
  expect(size(follower('1000'), 101)).toMatchObject({ quantity: '9', failure: null });
  expect(size(follower('1000'), 0.5)).toMatchObject({ quantity: '2000', failure: null });
});

it('at-least-one-unit-when-the-default-buys-less-than-one-but-the-max-allows-it', () => {
  expect(size(follower('20'), 100)).toMatchObject({ quantity: '1', failure: null });
  expect(size(follower('20', '150'), 100)).toMatchObject({ quantity: '1', failure: null });
});

it('never-above-the-maximum: sized down to it', () => {
  expect(size(follower('1000', '250'), 100)).toMatchObject({ quantity: '2', failure: null });
});

it('not-placed-when-one-unit-is-above-the-maximum, with the reason', () => {
  expect(size(follower('50', '60'), 100)).toEqual({
    userId: 'u',
    requestId: 'r',
    quantity: '1',
    failure: {
      code: CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT,
      reason: CopyTradeMessages.autoAboveMaxCopyAmount(100, 60, false),
    },
  });
  expect(size(follower('1000', '200'), 250, true).failure?.reason).toContain('one contract (about $250.00)');
});

it('no-default-amount-means-the-settings-placeholder-1000', () => {
  expect(size(follower(null), 100)).toMatchObject({ quantity: '10', failure: null });
  expect(size(follower(null, '300'), 100)).toMatchObject({ quantity: '3', failure: null });
});

it('an-option-with-incomplete-contract-data-is-not-placed', () => {
  const decision = decide(follower('1000'), 'r', new Decimal(250), { isOptions: true }, ['strikePrice']);
  expect(decision.failure).toEqual({
    code: CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE,
    reason: CopyTradeMessages.optionsIncomplete(['strikePrice']),
  });
});
