/** Beta entry (docs/product.md#beta-code-pages). */
export const BetaRules = {
  codeLength: 8,
  codePattern: /^\d{8}$/,
  /** Used by the web app when the status call fails, and by the server when BETA_MAX_USERS is not set. */
  defaultMaxUsers: 100,
} as const;

export const BetaMessages = {
  /**
   * The success text of a beta request (docs/product.md#beta-code-pages), answered whether or not the address is known.
   */
  requestReceived: "Request received! If you're selected for the beta, you'll receive an email with your code soon.",
  codeRequired: 'Beta code is required',
  codeShape: 'Beta code must be 8 digits',
  codeInvalid: 'Invalid or expired beta code. Please check the code or request a new one.',
  verifiedNewUser: 'Beta code verified. Create your account to continue.',
  verifiedExistingUser: 'Beta code verified. Please sign in.',
  betaFull: 'The closed beta is full. Please check back later.',
  verificationRequired: 'Please verify your beta code before creating an account.',
  requestApproved: 'Beta request approved. A beta code was e-mailed.',
  requestAlreadyApproved: 'This beta request has already been approved.',
  requestNotFound: 'Beta request not found',
} as const;

/** Whether the beta has no seat left (docs/product.md#beta-code-pages). */
export function isBetaFull(status: { currentCount: number; maxCount: number }): boolean {
  return status.currentCount >= status.maxCount;
}

/** Returns the message a beta code field should show, or null when it is 8 digits. */
export function validateBetaCode(value: unknown): string | null {
  const code = typeof value === 'string' ? value.trim() : '';
  if (!code) return BetaMessages.codeRequired;
  return BetaRules.codePattern.test(code) ? null : BetaMessages.codeShape;
}
