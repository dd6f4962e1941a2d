import {
  CopyGuardMessages,
  parseGuardInput,
  validateDailyLossLimit,
  validateMaxShareAgeMinutes,
  validatePricePercent,
  validateSizing,
  validateSizingPercent,
  validateStopLossPercent,
} from './copy-guards.rules';
import { validateTraceIds } from '../http/copy-engine/copy-guards.dto';

describe('copy guard rules', () => {
  it('reads a blank input as off (null) and anything else as the number typed, NaN when it is none', () => {
    expect(parseGuardInput('')).toBeNull();
    expect(parseGuardInput('   ')).toBeNull();
    expect(parseGuardInput(' 2.5 ')).toBe(2.5);
    expect(parseGuardInput('abc')).toBeNaN();
  });

  it.each([
    [validatePricePercent, 0.1, 20, 0.09, 20.01, CopyGuardMessages.pricePercent],
    [validateMaxShareAgeMinutes, 1, 1440, 0, 1441, CopyGuardMessages.maxShareAgeMinutes],
    [validateDailyLossLimit, 1, 10_000_000, 0.99, 10_000_000.01, CopyGuardMessages.dailyLossLimit],
    [validateSizingPercent, 0.1, 100, 0.09, 100.01, CopyGuardMessages.sizingPercent],
    [validateStopLossPercent, 5, 95, 4.99, 95.01, CopyGuardMessages.stopLossPercent],
  ])(
    'accepts null and the bounds, refuses just outside and non-numbers (%#)',
    (rule, min, max, below, above, message) => {
      for (const ok of [null, min, max]) expect(rule(ok)).toBeNull();
      for (const bad of [below, above, Number.NaN, Number.POSITIVE_INFINITY, '5', true, [], {}])
        expect(rule(bad)).toBe(message);
    },
  );

  it('allows at most two decimals, and whole minutes only', () => {
    expect(validatePricePercent(1.25)).toBeNull();
    expect(validatePricePercent(1.255)).toBe(CopyGuardMessages.tooManyDecimals);
    expect(validateDailyLossLimit(1500.75)).toBeNull();
    expect(validateMaxShareAgeMinutes(2.5)).toBe(CopyGuardMessages.maxShareAgeMinutes);
  });

  it('needs the percent only when sizing by % of the account', () => {
    expect(validateSizing('account_percent', null)).toBe(CopyGuardMessages.sizingPercentRequired);
    expect(validateSizing('account_percent', 10)).toBeNull();
    expect(validateSizing('fixed', null)).toBeNull();
  });

  it('takes 1 to 100 valid trace ids', () => {
    const id = '6f1c2b8e-8a41-4a55-9d0c-2f0a5a6b7c81';
    expect(validateTraceIds([id])).toBeNull();
    expect(validateTraceIds(Array.from({ length: 100 }, () => id))).toBeNull();
    for (const bad of [[], [id, 'x'], Array.from({ length: 101 }, () => id), id, undefined])
      expect(validateTraceIds(bad)).toBe(CopyGuardMessages.traceIdsInvalid);
  });
});
