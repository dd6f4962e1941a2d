import {
  CopySettingsMessages,
  parseCopyAmountInput,
  validateCopyAmount,
  validateCopyAmounts,
} from './copy-settings.rules';

describe('copy amount rules', () => {
  it('sends empty or non-numeric input as null', () => {
    expect(parseCopyAmountInput('')).toBeNull();
    expect(parseCopyAmountInput('  ')).toBeNull();
    expect(parseCopyAmountInput('abc')).toBeNull();
    expect(parseCopyAmountInput(' 1500.50 ')).toBe(1500.5);
  });

  it.each([
    [null, null],
    [1, null],
    [0.99, CopySettingsMessages.tooSmall],
    [-5, CopySettingsMessages.tooSmall],
    [1_000_000_001, CopySettingsMessages.tooLarge],
    [12.345, CopySettingsMessages.tooManyDecimals],
    [Number.NaN, CopySettingsMessages.notANumber],
    ['10' as unknown as number, CopySettingsMessages.notANumber],
  ])('%p → %p', (value, message) => {
    expect(validateCopyAmount(value)).toBe(message);
  });

  it('keeps the default at or below the maximum when both are set', () => {
    expect(validateCopyAmounts({ defaultCopyAmount: 1000, maxCopyAmount: 999.99 })).toBe(
      CopySettingsMessages.defaultAboveMax,
    );
    expect(validateCopyAmounts({ defaultCopyAmount: 1000, maxCopyAmount: 1000 })).toBeNull();
    expect(validateCopyAmounts({ defaultCopyAmount: 1000, maxCopyAmount: null })).toBeNull();
  });
});
