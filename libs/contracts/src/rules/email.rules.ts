/** E-mail fields (docs/product.md#validation-rules): required, then a basic shape. */
export const EmailRules = {
  /** The "basic email shape": something@something.something, no spaces. */
  pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  maxLength: 254,
  requiredMessage: 'Email address is required',
  invalidMessage: 'Please enter a valid email address',
} as const;

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Returns the message an e-mail field should show, or null when it passes. */
export function validateEmail(value: string | null | undefined): string | null {
  const email = (value ?? '').trim();
  if (!email) return EmailRules.requiredMessage;
  if (email.length > EmailRules.maxLength || !EmailRules.pattern.test(email)) return EmailRules.invalidMessage;
  return null;
}
