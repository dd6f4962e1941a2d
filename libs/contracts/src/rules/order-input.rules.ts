import { CopySettingsRules } from './copy-settings.rules';
import { MarketOrderRules } from './market-order.rules';
import { TextInputMessages } from './text-input.rules';

/**
 * Bounds of the numbers and text that the copy and sell bodies carry besides what the brokerage checks: a value
 * outside them is a client's mistake (400), never something to store or compute with. Dollar figures stay within
 * the copy settings' largest amount; prices within what a share or a contract is ever quoted at.
 */
export const OrderInputRules = {
  /** Shares or contracts of a copy, or of a sell of one: whole, at most the largest market order. */
  maxWholeQuantity: MarketOrderRules.maxQuantity,
  /** copyAmount and maxCopyAmount (US dollars). */
  maxAmount: CopySettingsRules.maxAmount,
  /** A price per share or contract a client names (US dollars): above any listed share's. */
  maxPrice: 10_000_000,
  /** An OCC symbol holds a strike of at most five whole digits. */
  maxStrike: 99_999.999,
  maxContractMultiplier: 10_000,
  /** Text without control characters: PostgreSQL text cannot hold NUL, and no identifier or ticker needs one. */
  printable: /^[^\u0000-\u001f\u007f]*$/,
} as const;

export const OrderInputMessages = {
  amount: (field: string) => `${field} must be a number from 0 to 1,000,000,000`,
  price: (field: string) => `${field} must be a number from 0 to 10,000,000`,
  strike: (field: string) => `${field} must be a number above 0 and below 100,000`,
  contractMultiplier: 'contractMultiplier must be a whole number from 1 to 10,000',
  quantity: 'quantity must be a number above 0 and at most 1,000,000',
  printable: TextInputMessages.controlCharacters,
} as const;

/** A quantity a copy, or a sell of one, may have: a whole number from 1 to the largest market order. */
export function isWholeOrderQuantity(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= OrderInputRules.maxWholeQuantity;
}
