import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { OwnerApiError } from '../api/owner-request';
import { ownerTrade } from '../testing/owner-fixtures';
import { canSellTrade, parseQuantity, runSellChecks, sellErrorNotice, type SellCheckInput } from './sell-checks';

const position = ownerTrade('t-1', { isShared: true, quantity: 10 });
const passing = (): SellCheckInput => ({
  position,
  userId: 'owner-1',
  accountsLoading: false,
  refetchFirstAccountId: vi.fn(async () => 'acc-1'),
  confirmed: true,
  quantity: 4,
});

describe('the sell dialog checks run in the documented order', () => {
  it('passes-with-the-first-account-and-the-quantity', async () => {
    expect(await runSellChecks(passing())).toEqual({ ok: true, accountId: 'acc-1', quantity: 4 });
  });

  it('reports-only-the-first-failing-check', async () => {
    // Everything wrong at once: each fix reveals the next check, in the documented order.
    const input: SellCheckInput = {
      position: null,
      userId: null,
      accountsLoading: true,
      refetchFirstAccountId: vi.fn(async () => null),
      confirmed: false,
      quantity: 11,
    };
    const titles: string[] = [];
    const next = async () => {
      const result = await runSellChecks(input);
      if (result.ok) throw new Error('expected a failure');
      titles.push(result.notice.title);
      return result;
    };
    await next();
    input.position = position;
    await next();
    input.userId = 'owner-1';
    const wait = await next();
    expect(wait.kind).toBe('info');
    expect(input.refetchFirstAccountId).not.toHaveBeenCalled();
    input.accountsLoading = false;
    await next();
    expect(input.refetchFirstAccountId).toHaveBeenCalledTimes(1);
    input.refetchFirstAccountId = vi.fn(async () => 'acc-1');
    await next();
    input.confirmed = true;
    const invalid = await next();
    expect(titles).toEqual([
      'No position selected for selling',
      'User not authenticated',
      'Please Wait',
      'No trading accounts found. Please connect your brokerage account in Settings.',
      'Risk Confirmation Required',
      'Invalid Quantity',
    ]);
    expect(invalid.notice.description).toBe('Please enter a valid quantity between 1 and 10');
  });

  it.each([0, -1, 11])('refuses-quantity-%i', async (quantity) => {
    const result = await runSellChecks({ ...passing(), quantity });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.notice.title).toBe('Invalid Quantity');
  });

  it('parses-the-quantity-as-an-integer-and-anything-else-as-0', () => {
    expect(parseQuantity('7')).toBe(7);
    expect(parseQuantity('7.9')).toBe(7);
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity('')).toBe(0);
  });
});

describe('sell visibility and toasts', () => {
  it('offers-sell-only-for-shared-unsold-trades-with-quantity-and-an-open-status', () => {
    expect(canSellTrade(ownerTrade('a', { isShared: true }))).toBe(true);
    expect(canSellTrade(ownerTrade('a', { isShared: true, status: 'executed' }))).toBe(true);
    expect(canSellTrade(ownerTrade('a', { isShared: true, status: 'filled' }))).toBe(true);
    expect(canSellTrade(ownerTrade('a', { isShared: false }))).toBe(false);
    expect(canSellTrade(ownerTrade('a', { isShared: true, status: 'sold' }))).toBe(false);
    expect(canSellTrade(ownerTrade('a', { isShared: true, status: 'closed' }))).toBe(false);
    expect(canSellTrade(ownerTrade('a', { isShared: true, quantity: 0 }))).toBe(false);
  });

  const apiError = (status: number, code: string, message: string, details?: unknown) =>
    new ApiError(status, { code, message, details });

  it('maps-the-documented-owner-sell-failures', () => {
    const hours = sellErrorNotice(apiError(422, 'MARKET_CLOSED', 'Closed', { isMarketHoursRestriction: true }));
    expect(hours.title).toBe('🕐 Market Hours Restriction');
    expect(hours.duration).toBe(8_000);
    expect(sellErrorNotice(apiError(409, 'GONE', 'Gone', { canRetry: false })).title).toBe('❌ Position Not Available');
    expect(
      sellErrorNotice(apiError(502, 'BROKER', 'Rejected', { errorCode: 'E42', technical: 'Insufficient shares' })),
    ).toEqual({ title: 'Brokerage Error (E42)', description: 'Insufficient shares' });
    expect(sellErrorNotice(apiError(404, 'ROUTE_NOT_FOUND', 'Cannot POST /api/snaptrade/sell-position'))).toEqual({
      title: 'Sell Order Failed',
      description: 'Cannot POST /api/snaptrade/sell-position',
    });
    // The gateway puts the fields beside code and message.
    const top = new OwnerApiError(502, {
      success: false,
      code: 'BROKERAGE_REJECTED',
      message: 'Rejected',
      isMarketHoursRestriction: false,
      technical: 'Account restricted',
      errorCode: 'R7',
      canRetry: true,
    });
    expect(sellErrorNotice(top)).toEqual({ title: 'Brokerage Error (R7)', description: 'Account restricted' });
    expect(
      sellErrorNotice(new OwnerApiError(409, { code: 'X', message: 'Gone', canRetry: false, errorCode: null })).title,
    ).toBe('❌ Position Not Available');
    expect(sellErrorNotice(new NetworkError()).description).toBe(
      'Network error. Please check your connection and try again.',
    );
  });
});
