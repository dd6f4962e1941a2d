import { describe, expect, it } from 'vitest';
import { sumPortfolio, type AccountPortfolio } from './get-portfolio';

const entry = (total: number, cash: number, positions: number): AccountPortfolio =>
  ({
    account: { id: 'a' },
    balances: {
      total_value: { amount: total, currency: 'USD' },
      cash: { amount: cash, currency: 'USD' },
      buying_power: { amount: cash, currency: 'USD' },
    },
    positions: Array.from({ length: positions }, () => ({})),
    orders: [],
  }) as unknown as AccountPortfolio;

describe('sumPortfolio', () => {
  it('adds-balances-in-cents-without-float-drift', () => {
    expect(sumPortfolio([entry(0.1, 0.1, 1), entry(0.2, 0.2, 2)])).toEqual({
      portfolioValue: 0.3,
      cash: 0.3,
      buyingPower: 0.3,
      positions: 3,
      accounts: 2,
    });
  });

  it('is-zero-without-accounts', () => {
    expect(sumPortfolio([])).toEqual({ portfolioValue: 0, cash: 0, buyingPower: 0, positions: 0, accounts: 0 });
  });
});
