import type { TradeView } from '@copytrade/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { copyErrorNotice, isOutcomeUnknown, quickQuantities, runCopyChecks, startingQuantity } from './copy-rules';

const apiError = (code: string, message: string, status = 400) =>
  new ApiError(status, { success: false, code, message, traceId: 't' } as never);

const stock = {
  id: 't1',
  status: 'open',
  isOptions: false,
  price: 100,
  currentPrice: 110,
  contractMultiplier: 1,
} as TradeView;
const base = { userId: 'u1', trade: stock, quantity: 3, brokerageConnected: true, accountId: 'a1', confirmed: true };

describe('copy rules', () => {
  it('maps-each-failure-of-the-catalogue-to-its-title', () => {
    const cases: [ApiError | Error, string][] = [
      [apiError('X', 'Invalid options symbol for AAPL'), 'Options Format Error'],
      [apiError('X', 'Order refused: bad OCC format'), 'Options Format Error'],
      [
        apiError('OPTIONS_DATA_INCOMPLETE', 'Cannot copy options trade: missing strikePrice.'),
        'Incomplete Options Data',
      ],
      [apiError('X', 'Missing required options data'), 'Incomplete Options Data'],
      [apiError('X', 'Invalid options data'), 'Invalid Options Data'],
      [apiError('MARKET_CLOSED', 'Market hours restriction: closed'), 'Market Hours Restriction'],
      [apiError('X', 'This order type is not supported right now'), 'Market Hours Restriction'],
      [apiError('X', 'Insufficient buying power for this order.'), 'Insufficient Funds'],
      [apiError('SUBSCRIPTION_REQUIRED', 'An active subscription to this trace is required.'), 'Subscription Required'],
      [apiError('TIER_TOO_LOW', 'your basic subscription tier cannot copy it.'), 'Subscription Required'],
      [apiError('MISSING_REQUIRED_FIELDS', 'Missing required fields: accountId'), 'Invalid Request'],
      [apiError('ALREADY_COPIED', 'You have already copied this trade.'), 'Copy Trade Failed'],
      [new NetworkError(), 'Copy Trade Error'],
      [new Error('boom'), 'Copy Trade Error'],
    ];
    for (const [error, title] of cases)
      expect([copyErrorNotice(error).title, error.message]).toEqual([title, error.message]);
    expect(copyErrorNotice(new Error('x')).description).toBe('An unexpected error occurred while copying the trade');
    expect(copyErrorNotice(apiError('X', 'Invalid options data')).description).toMatch(/contact support/);
  });

  it('ignores-without-user-trade-or-quantity-and-requires-whole-quantities', () => {
    expect(runCopyChecks({ ...base, userId: null })).toEqual({ ok: false, action: 'ignore' });
    expect(runCopyChecks({ ...base, trade: null })).toEqual({ ok: false, action: 'ignore' });
    expect(runCopyChecks({ ...base, quantity: 0 })).toEqual({ ok: false, action: 'ignore' });
    expect(runCopyChecks({ ...base, brokerageConnected: false, accountId: '' })).toEqual({
      ok: false,
      action: 'connect',
    });
    // A closed trade is refused after the connection check and before the account's.
    const closed = runCopyChecks({ ...base, trade: { ...stock, status: 'closed' }, accountId: '' });
    expect(closed).toEqual({
      ok: false,
      action: 'toast',
      notice: { title: 'Trade Closed', description: 'This trade is closed and can no longer be copied.' },
    });
    for (const quantity of [1.5, 1_000_001]) {
      const refused = runCopyChecks({ ...base, quantity });
      expect(refused.ok === false && refused.action === 'toast' && refused.notice).toEqual({
        title: 'Invalid Quantity',
        description: 'Quantity must be a whole number from 1 to 1,000,000.',
      });
    }
    expect(runCopyChecks({ ...base, quantity: 1_000_000 }).ok).toBe(true);
  });

  it('builds-the-options-body-with-its-multiplier', () => {
    const option = {
      ...stock,
      isOptions: true,
      optionType: 'call',
      strikePrice: 150,
      expirationDate: '2026-12-18',
      contractMultiplier: 100,
      currentPrice: 250,
    } as TradeView;
    expect(runCopyChecks({ ...base, trade: option, quantity: 2 })).toEqual({
      ok: true,
      body: {
        userId: 'u1',
        tradeId: 't1',
        accountId: 'a1',
        copyAmount: 5,
        customQuantity: 2,
        confirmRisks: true,
        isOptions: true,
        optionType: 'call',
        strikePrice: 150,
        expirationDate: '2026-12-18',
        contractMultiplier: 100,
      },
    });
  });

  it('quick-quantities-are-whole-and-at-least-one', () => {
    expect(quickQuantities(10)).toEqual({ half: 5, same: 10, double: 20 });
    expect(quickQuantities(1)).toEqual({ half: 1, same: 1, double: 2 });
    expect(quickQuantities(7)).toEqual({ half: 3, same: 7, double: 14 });
    expect(startingQuantity(0.4)).toBe(1);
  });

  it('treats-no-answer-503-and-in-flight-as-unknown-outcomes', () => {
    expect(isOutcomeUnknown(new NetworkError())).toBe(true);
    expect(isOutcomeUnknown(apiError('COPY_OUTCOME_UNKNOWN', 'x', 503))).toBe(true);
    expect(isOutcomeUnknown(apiError('COPY_IN_FLIGHT', 'x', 409))).toBe(true);
    expect(isOutcomeUnknown(apiError('ALREADY_COPIED', 'x', 409))).toBe(false);
  });
});
