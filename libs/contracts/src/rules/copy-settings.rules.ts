/** Copy amount settings (docs/product.md#settings): numeric, minimum 1; empty or non-numeric means "not set". */
export const CopySettingsRules = {
  minAmount: 1,
  /** Fits numeric(14,2) with room to spare. */
  maxAmount: 1_000_000_000,
  maxDecimals: 2,
  placeholders: { defaultCopyAmount: 1000, maxCopyAmount: 10000 },
} as const;

export const CopySettingsMessages = {
  notANumber: 'Copy amount must be a number or null',
  tooSmall: 'Copy amount must be at least 1',
  tooLarge: 'Copy amount must be at most 1,000,000,000',
  tooManyDecimals: 'Copy amount can have at most 2 decimal places',
  defaultAboveMax: 'Default copy amount cannot be greater than the maximum copy amount',
  nothingToUpdate: 'Send defaultCopyAmount, maxCopyAmount or closeAutoCopiesOnTraderSell',
  closeAutoCopiesNotBoolean: 'closeAutoCopiesOnTraderSell must be true or false',
} as const;

/** What an amount input sends (docs/product.md#validation-rules): a number, or null when empty or not numeric. */
export function parseCopyAmountInput(input: string): number | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** The message for an amount that cannot be saved, or null (null itself clears the setting). */
export function validateCopyAmount(value: number | null): string | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return CopySettingsMessages.notANumber;
  if (value < CopySettingsRules.minAmount) return CopySettingsMessages.tooSmall;
  if (value > CopySettingsRules.maxAmount) return CopySettingsMessages.tooLarge;
  return Math.round(value * 100) / 100 === value ? null : CopySettingsMessages.tooManyDecimals;
}

/** The default amount may not exceed the maximum when both are set. */
export function validateCopyAmounts(amounts: {
  defaultCopyAmount: number | null;
  maxCopyAmount: number | null;
}): string | null {
  const own = validateCopyAmount(amounts.defaultCopyAmount) ?? validateCopyAmount(amounts.maxCopyAmount);
  if (own) return own;
  const { defaultCopyAmount, maxCopyAmount } = amounts;
  return defaultCopyAmount !== null && maxCopyAmount !== null && defaultCopyAmount > maxCopyAmount
    ? CopySettingsMessages.defaultAboveMax
    : null;
}
