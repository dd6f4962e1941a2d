import { CopyTradeErrorCode, CopyTradeMessages } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { decide, fixedBudget } from '../auto-copy/auto-copy-fanout.handler';
import { copyBudget, type BudgetInput } from './copy-limits';

/** The budget an automatic copy is sized from: the fixed default amount, or a percent of the account's value. */
const d = (value: Decimal.Value) => new Decimal(value);
const byAccount = (percent: string, accountValue: Decimal | null, maxCopyAmount: Decimal | null): BudgetInput => ({
  sizingMode: 'account_percent',
  sizingPercent: percent,
  defaultCopyAmount: '1000',
  maxCopyAmount,
  accountValue,
});
const amountOf = (budget: ReturnType<typeof copyBudget>) => (Decimal.isDecimal(budget) ? budget.toFixed() : budget);

it('fixed: the default copy amount, the settings placeholder when none, whatever the account is worth', () => {
  const fixed = { ...byAccount('10', d(50_000), d(3000)), sizingMode: 'fixed' as const };
  expect(amountOf(copyBudget(fixed))).toBe('1000');
  expect(amountOf(copyBudget({ ...fixed, defaultCopyAmount: null }))).toBe('1000');
  expect(amountOf(copyBudget({ ...fixed, defaultCopyAmount: '250.5', accountValue: null }))).toBe('250.5');
});

it('account-percent: the percent of the account value, in decimals, never above the maximum', () => {
  expect(amountOf(copyBudget(byAccount('10', d(20_000), d(3000))))).toBe('2000');
  expect(amountOf(copyBudget(byAccount('10', d(50_000), d(3000))))).toBe('3000');
  expect(amountOf(copyBudget(byAccount('0.1', d('12345.67'), null)))).toBe('12.34567');
  expect(amountOf(copyBudget(byAccount('33.33', d('0.3'), null)))).toBe('0.09999');
  expect(amountOf(copyBudget(byAccount('100', d(5000), d(5000))))).toBe('5000');
});

it('account-percent with an unknown account value: no budget, the reason instead', () => {
  expect(copyBudget(byAccount('12.5', null, d(3000)))).toEqual({
    code: CopyTradeErrorCode.ACCOUNT_VALUE_UNKNOWN,
    reason: CopyTradeMessages.accountValueUnknown(12.5),
  });
  expect(CopyTradeMessages.accountValueUnknown(12.5)).toContain('12.5 %');
});

it('account-percent without a percent (never stored so, the API requires one) falls back to the fixed amount', () => {
  expect(amountOf(copyBudget({ ...byAccount('10', null, null), sizingPercent: null }))).toBe('1000');
});

describe('decide with a budget', () => {
  const follower = { userId: 'u', defaultCopyAmount: '1000', maxCopyAmount: '3000' };
  const quote = { price: d(100), quotedAt: new Date() };
  const trade = {
    isOptions: false,
    contractMultiplier: 1,
    side: 'buy' as const,
    traderPrice: '100',
    traderSharedAt: new Date(),
  };
  const sized = (budget: ReturnType<typeof copyBudget>) =>
    decide(follower, 'r', quote, trade, [], undefined, new Date(), budget);

  it('whole units of the budget at the quote: 10 % of $50,000 capped at 3,000 → 30; of $20,000 → 20', () => {
    expect(sized(copyBudget(byAccount('10', d(50_000), d(3000))))).toMatchObject({ quantity: '30', failure: null });
    expect(sized(copyBudget(byAccount('10', d(20_000), d(3000))))).toMatchObject({ quantity: '20', failure: null });
  });

  it('at least one unit when the percent buys less than one but the max allows it', () => {
    expect(sized(copyBudget(byAccount('0.1', d(5000), d(3000))))).toMatchObject({ quantity: '1', failure: null });
  });

  it('an unknown account value: not placed with the reason', () => {
    expect(sized(copyBudget(byAccount('10', null, d(3000))))).toMatchObject({
      quantity: '1',
      failure: { code: CopyTradeErrorCode.ACCOUNT_VALUE_UNKNOWN, reason: CopyTradeMessages.accountValueUnknown(10) },
    });
  });

  it('no budget given is the fixed default amount, as before', () => {
    expect(decide(follower, 'r', quote, trade)).toEqual(sized(fixedBudget(follower)));
    expect(decide(follower, 'r', quote, trade)).toMatchObject({ quantity: '10', failure: null });
  });
});
