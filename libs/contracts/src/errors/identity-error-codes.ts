/** Codes of identity's refusals (beta, signup, password reset), carried unchanged to the web app. */
export const IdentityErrorCode = {
  BETA_FULL: 'BETA_FULL',
  BETA_CODE_INVALID: 'BETA_CODE_INVALID',
  BETA_VERIFICATION_REQUIRED: 'BETA_VERIFICATION_REQUIRED',
  BETA_REQUEST_NOT_FOUND: 'BETA_REQUEST_NOT_FOUND',
  BETA_REQUEST_ALREADY_APPROVED: 'BETA_REQUEST_ALREADY_APPROVED',
  SIGNUP_INVALID: 'SIGNUP_INVALID',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  PHONE_TAKEN: 'PHONE_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PASSWORD_INVALID: 'PASSWORD_INVALID',
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  COPY_SETTINGS_INVALID: 'COPY_SETTINGS_INVALID',
  /** No user has the id given (e.g. a trace owner an admin picked). */
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** A notification e-mail's unsubscribe link that identity did not sign (forged, altered, cut short). */
  UNSUBSCRIBE_LINK_INVALID: 'UNSUBSCRIBE_LINK_INVALID',
} as const;
