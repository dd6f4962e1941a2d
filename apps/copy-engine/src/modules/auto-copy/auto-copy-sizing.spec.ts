import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { quoteUnavailable } from '../copy-limits/live-quotes';
import { decide } from './auto-copy-fanout.handler';

/**
 * How an automatic copy is sized from the follower's settings and the page's live quote (whole units, at least one,
 * never above the max).
 */
const follower = (defaultCopyAmount: string | null, maxCopyAmount: string | null = null) => ({
  userId: 'u',
  defaultCopyAmount,
  maxCopyAmount,
});
/** A trade shared now at $100 (no guard acts on these followers). */
const TRADE = {
  side: 'buy' as const,
  traderPrice: '100',
  traderSharedAt: new Date(),
  isOptions: false,
  contractMultiplier: 1,
};
const quoteAt = (price: number) => ({ price: new Decimal(price), quotedAt: new Date() });
/** An option's unit is a contract: the quote is per share of it, × 100. */
const size = (settings: ReturnType<typeof follower>, unitCost: number, isOptions = false) =>
  decide(settings, 'r', quoteAt(isOptions ? unitCost / 100 : unitCost), {
    ...TRADE,
    isOptions,
    contractMultiplier: isOptions ? 100 : 1,
  });

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
    maxCopyAmount: '60',
    limitPrice: null,
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
  const decision = decide(follower('1000'), 'r', quoteAt(2.5), { ...TRADE, isOptions: true, contractMultiplier: 100 }, [
    'strikePrice',
  ]);
  expect(decision.failure).toEqual({
    code: CopyTradeErrorCode.OPTIONS_DATA_INCOMPLETE,
    reason: CopyTradeMessages.optionsIncomplete(['strikePrice']),
  });
});

it('sized-at-the-live-quote-not-a-stored-price: a dearer quote buys fewer units', () => {
  expect(size(follower('1000', '1000'), 155.59)).toMatchObject({ quantity: '6', maxCopyAmount: '1000' });
  expect(size(follower('1000', '1000'), 657.75)).toMatchObject({ quantity: '1', failure: null });
  expect(size(follower('1000', '600'), 657.75).failure?.code).toBe(CopyTradeErrorCode.ABOVE_MAX_COPY_AMOUNT);
});

it('no-live-quote: not placed, with the reason', () => {
  const unavailable = quoteUnavailable({ symbol: 'AAPL', isOptions: false, optionsTicker: null, side: 'buy' });
  expect(decide(follower('1000'), 'r', unavailable, TRADE).failure).toEqual({
    code: CopyTradeErrorCode.QUOTE_UNAVAILABLE,
    reason: CopyTradeMessages.quoteUnavailable('AAPL'),
  });
});
