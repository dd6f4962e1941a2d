import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import {
  adverseMovePercent,
  estimatedCost,
  priceMovedSkip,
  protectedLimitPrice,
  toTick,
  unitsWithinBudget,
} from './copy-limits';

const d = (value: Decimal.Value) => new Decimal(value);

it('estimated-cost-is-quantity-times-quote-times-multiplier', () => {
  expect(estimatedCost(d('155.59'), 10, 1).toFixed()).toBe('1555.9');
  expect(estimatedCost(d('2.5'), 2, 100).toFixed()).toBe('500');
});

it('units-within-budget: whole units of the default, never above the max, null when one unit is above it', () => {
  expect(unitsWithinBudget(d(101), d(1000), null)!.toFixed()).toBe('9');
  expect(unitsWithinBudget(d(100), d(1000), d(250))!.toFixed()).toBe('2');
  expect(unitsWithinBudget(d(100), d(20), d(150))!.toFixed()).toBe('1');
  expect(unitsWithinBudget(d('657.75'), d(1000), d(600))).toBeNull();
});

it('adverse-move: a buy paying more and a sell receiving less are positive', () => {
  expect(adverseMovePercent('buy', d(100), d(103)).toFixed()).toBe('3');
  expect(adverseMovePercent('buy', d(100), d(97)).toFixed()).toBe('-3');
  expect(adverseMovePercent('sell', d(100), d(97)).toFixed()).toBe('3');
});

it('a-limit-is-rounded-to-the-tick-without-passing-its-bound', () => {
  expect(toTick('buy', d('102.019')).toFixed()).toBe('102.01');
  expect(toTick('sell', d('97.981')).toFixed()).toBe('97.99');
  expect(toTick('buy', d('0.123456')).toFixed()).toBe('0.1234');
});

it('protected-limit: the trader price moved by the percent against the follower; off means a market order', () => {
  const base = { traderPrice: d(100), maxCopyAmount: null, quantity: d(5), multiplier: 1 };
  expect(protectedLimitPrice({ ...base, side: 'buy', protectionPercent: d(2) })!.toFixed()).toBe('102');
  expect(protectedLimitPrice({ ...base, side: 'sell', protectionPercent: d(2) })!.toFixed()).toBe('98');
  expect(protectedLimitPrice({ ...base, side: 'buy', protectionPercent: null })).toBeNull();
});

it('a-protected-buy-never-fills-above-the-cap: the limit is the lower of protection and cap per share', () => {
  const input = { side: 'buy' as const, traderPrice: d(100), protectionPercent: d(5), multiplier: 1 };
  // 10 shares within $1,000: at most $100.00 a share, tighter than the 5 % protection ($105).
  expect(protectedLimitPrice({ ...input, maxCopyAmount: d(1000), quantity: d(10) })!.toFixed()).toBe('100');
  // 3 option contracts within $1,000: at most $3.3333… a share of the contract, rounded down.
  const option = { ...input, traderPrice: d(3), maxCopyAmount: d(1000), quantity: d(3), multiplier: 100 };
  expect(protectedLimitPrice(option)!.toFixed()).toBe('3.15');
  expect(protectedLimitPrice({ ...option, protectionPercent: d(20) })!.toFixed()).toBe('3.33');
});

it('price-moved-skip: beyond the percent is skipped with the move and the limit in its reason', () => {
  expect(priceMovedSkip('buy', d(100), d('103.1'), d(2))).toEqual({
    code: CopyTradeErrorCode.SKIPPED_PRICE_MOVED,
    reason: CopyTradeMessages.priceMoved(3.1, 2),
  });
  expect(CopyTradeMessages.priceMoved(3.1, 2)).toBe("Price moved 3.1 % from the trader's (your limit 2 %)");
  expect(priceMovedSkip('buy', d(100), d(102), d(2))).toBeNull();
  expect(priceMovedSkip('buy', d(100), d(150), null)).toBeNull();
  expect(priceMovedSkip('sell', d(100), d(97), d(2))?.code).toBe(CopyTradeErrorCode.SKIPPED_PRICE_MOVED);
});
