/** Characters that count as "special" for the password rules (docs/product.md#validation-rules). */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&.-_+=';

export type PasswordRuleId = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'special';

interface PasswordRule {
  id: PasswordRuleId;
  /** Text of the live checklist. */
  label: string;
  /** Text shown when the rule is broken. */
  message: string;
  test(password: string): boolean;
}

export const PasswordRules = {
  minLength: 8,
  /** Long passphrases are allowed (ASVS 6.2.9); the cap only bounds the hashing work. */
  maxLength: 128,
  tooLongMessage: 'Password must be at most 128 characters long',
  mismatchMessage: 'Passwords do not match',
} as const;

/** The five rules, in their documented order (docs/product.md#validation-rules). */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    test: (p) => p.length >= PasswordRules.minLength,
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  { id: 'digit', label: 'One number', message: 'Password must contain at least one number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    message: `Password must contain at least one special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (p) => /[@$!%*?&.\-_+=]/.test(p),
  },
];

/** Each rule with whether the password meets it: the live checklist of the signup and reset forms. */
export function checkPasswordRules(password: string): { id: PasswordRuleId; label: string; met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** Messages of every broken rule, in order (empty when the password is acceptable). */
export function passwordErrors(password: string): string[] {
  const broken = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
  return password.length > PasswordRules.maxLength ? [...broken, PasswordRules.tooLongMessage] : broken;
}

/** The first message a new-password form shows (rules, then the confirmation), or null when both pass. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  const [first] = passwordErrors(password);
  if (first) return first;
  return password === confirmation ? null : PasswordRules.mismatchMessage;
}
