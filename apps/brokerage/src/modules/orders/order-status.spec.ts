import { orderProgress, PROVIDER_ORDER_STATUSES } from './order-status';

describe('orderProgress: the provider status and quantities as the product state', () => {
  it.each([
    ['NONE', 'SUBMITTED'],
    ['PENDING', 'SUBMITTED'],
    ['ACCEPTED', 'SUBMITTED'],
    ['QUEUED', 'SUBMITTED'],
    ['TRIGGERED', 'SUBMITTED'],
    ['ACTIVATED', 'SUBMITTED'],
    ['PENDING_RISK_REVIEW', 'SUBMITTED'],
    ['CONTINGENT_ORDER', 'SUBMITTED'],
    ['PARTIAL', 'SUBMITTED'],
    ['CANCEL_PENDING', 'SUBMITTED'],
    ['REPLACE_PENDING', 'SUBMITTED'],
    ['REPLACED', 'SUBMITTED'],
    ['STOPPED', 'SUBMITTED'],
    ['SUSPENDED', 'SUBMITTED'],
    ['PARTIALLY_EXECUTED', 'SUBMITTED'],
    ['SOMETHING_NEW', 'SUBMITTED'],
  ])('%s with nothing filled is pending and still tracked', (status, state) => {
    expect(orderProgress(status, '0', '10')).toEqual({ state, final: false, filledQuantity: '0' });
  });

  it('an open order with units filled is partially filled, not final', () => {
    expect(orderProgress('PARTIAL', '4', '10')).toEqual({
      state: 'PARTIALLY_FILLED',
      final: false,
      filledQuantity: '4',
    });
    expect(orderProgress('ACCEPTED', '0.5', '1')).toMatchObject({ state: 'PARTIALLY_FILLED', final: false });
  });

  it('EXECUTED is the whole order, even when the record leaves the filled quantity out', () => {
    expect(orderProgress('EXECUTED', '10', '10')).toEqual({ state: 'FILLED', final: true, filledQuantity: '10' });
    expect(orderProgress('EXECUTED', null, '2.5')).toEqual({ state: 'FILLED', final: true, filledQuantity: '2.5' });
  });

  it.each([
    ['CANCELED', 'CANCELED'],
    ['PARTIAL_CANCELED', 'CANCELED'],
    ['EXPIRED', 'EXPIRED'],
    ['REJECTED', 'REJECTED'],
    ['FAILED', 'REJECTED'],
  ])('%s with nothing filled ends as %s', (status, state) => {
    expect(orderProgress(status, null, '10')).toEqual({ state, final: true, filledQuantity: '0' });
  });

  it.each(['CANCELED', 'PARTIAL_CANCELED', 'EXPIRED'])(
    '%s after a partial fill is final and partially filled: the user holds the filled units',
    (status) => {
      expect(orderProgress(status, '3.25', '10')).toEqual({
        state: 'PARTIALLY_FILLED',
        final: true,
        filledQuantity: '3.25',
      });
    },
  );

  it('covers every status of the provider, exactly once', () => {
    expect(new Set(PROVIDER_ORDER_STATUSES).size).toBe(20);
    for (const status of PROVIDER_ORDER_STATUSES) expect(() => orderProgress(status, '0', '1')).not.toThrow();
  });

  it('decimal quantities stay exact', () => {
    expect(orderProgress('PARTIAL', '0.1', '0.3').filledQuantity).toBe('0.1');
    expect(orderProgress('EXECUTED', '0.30000000', '0.3').filledQuantity).toBe('0.3');
  });
});
