/** Login form rules (docs/product.md#validation-rules), used by the web form and the gateway's DTO alike. */
export const LoginRules = {
  username: { minLength: 3, message: 'Username must be at least 3 characters long' },
  password: { minLength: 8, message: 'Password must be at least 8 characters long' },
} as const;

/** Returns the first message a login form should show, or null when the input passes. */
export function validateLogin(input: { username: string; password: string }): string | null {
  if (input.username.trim().length < LoginRules.username.minLength) return LoginRules.username.message;
  if (input.password.length < LoginRules.password.minLength) return LoginRules.password.message;
  return null;
}
