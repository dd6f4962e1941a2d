import { EmailRules, validateEmail } from './email.rules';
import { passwordErrors } from './password.rules';

/** Annual income select options (docs/product.md#entities-and-fields), in display order. */
export const ANNUAL_INCOME_OPTIONS = [
  'Under $25,000',
  '$25,000 - $40,000',
  '$40,001 - $60,000',
  '$60,001 - $80,000',
  '$80,001 - $100,000',
  '$100,001 - $150,000',
  '$150,001 - $200,000',
  'Over $200,000',
] as const;
export type AnnualIncome = (typeof ANNUAL_INCOME_OPTIONS)[number];

/** The nine signup fields (docs/product.md#entities-and-fields). */
export const SIGNUP_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
  'confirmPassword',
  'phoneNumber',
  'occupation',
  'annualIncome',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupForm = Record<SignupField, string>;

export const SignupRules = {
  /** Letters, digits, dot, hyphen, underscore: never '@', so a username cannot pass for an e-mail at login. */
  username: { minLength: 3, maxLength: 30, pattern: /^[A-Za-z0-9._-]{3,30}$/ },
  /** Counted in digits after normalisation (E.164 allows at most 15). */
  phone: { minLength: 10, minDigits: 10, maxDigits: 15 },
  /** First name, last name and occupation. */
  textMaxLength: 100,
  /** Availability checks wait for the user to stop typing (docs/product.md#validation-rules). */
  checkDebounceMs: 500,
} as const;

/**
 * Texts of the signup form and its availability checks (docs/product.md#validation-rules; the format texts are ours).
 */
export const SignupMessages = {
  fillAllFields: 'Please fill in all required fields.',
  fixPasswordErrors: 'Please fix the password errors before submitting.',
  chooseAvailableUsername: 'Please choose an available username.',
  useUniquePhone: 'Please use a unique phone number.',
  waitForValidation: 'Please wait for validation to complete.',
  usernameAvailable: 'Username is available',
  usernameTaken: 'Username is already taken',
  phoneAvailable: 'Phone number is available',
  phoneTaken: 'Phone number is already registered',
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameInvalid: 'Username must be 3 to 30 characters: letters, numbers, dots, hyphens or underscores',
  phoneInvalid: 'Please enter a valid phone number (10 to 15 digits)',
  annualIncomeInvalid: 'Please select your annual income',
  textTooLong: 'First name, last name and occupation must be at most 100 characters',
  emailTaken: 'An account with this email already exists. Please sign in.',
} as const;

/** Phone numbers are stored and compared as digits only: '+1 (555) 010-0000' → '15550100000'. */
export function normalisePhoneNumber(value: string): string {
  return value.replace(/\D/g, '');
}

/** The username check runs only from 3 characters on (docs/product.md#validation-rules). */
export function isUsernameCheckable(value: string): boolean {
  return value.trim().length >= SignupRules.username.minLength;
}

/** The phone check runs only from 10 characters on (docs/product.md#validation-rules). */
export function isPhoneCheckable(value: string): boolean {
  return value.trim().length >= SignupRules.phone.minLength;
}

/** Returns the message for a username that can never be registered, or null when its shape is fine. */
export function validateUsername(value: string): string | null {
  const username = value.trim();
  if (username.length < SignupRules.username.minLength) return SignupMessages.usernameTooShort;
  return SignupRules.username.pattern.test(username) ? null : SignupMessages.usernameInvalid;
}

/** Returns the message for a phone number that can never be registered, or null when its shape is fine. */
export function validatePhoneNumber(value: string): string | null {
  const digits = normalisePhoneNumber(value).length;
  return digits >= SignupRules.phone.minDigits && digits <= SignupRules.phone.maxDigits
    ? null
    : SignupMessages.phoneInvalid;
}

/**
 * Everything about a signup form that does not need the server, in the documented order
 * (docs/product.md#validation-rules): all nine fields filled, then the password rules and confirmation, then the shape
 * of each field.
 */
export function validateSignupForm(form: Partial<Record<SignupField, unknown>>): string | null {
  const text = (field: SignupField) => (typeof form[field] === 'string' ? (form[field] as string) : '');
  if (SIGNUP_FIELDS.some((field) => text(field).trim() === '')) return SignupMessages.fillAllFields;
  if (passwordErrors(text('password')).length > 0 || text('password') !== text('confirmPassword'))
    return SignupMessages.fixPasswordErrors;
  const emailProblem = validateEmail(text('email'));
  if (emailProblem) return emailProblem === EmailRules.requiredMessage ? SignupMessages.fillAllFields : emailProblem;
  const shapeProblem = validateUsername(text('username')) ?? validatePhoneNumber(text('phoneNumber'));
  if (shapeProblem) return shapeProblem;
  if (!(ANNUAL_INCOME_OPTIONS as readonly string[]).includes(text('annualIncome')))
    return SignupMessages.annualIncomeInvalid;
  const longText = (['firstName', 'lastName', 'occupation'] as const).some(
    (field) => text(field).trim().length > SignupRules.textMaxLength,
  );
  return longText ? SignupMessages.textTooLong : null;
}

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'unavailable' | 'error';

/**
 * What blocks the Create Account button on submit (docs/product.md#validation-rules), in order: the form itself, the
 * username and phone availability, then a check still running. Null when the form may be sent.
 */
export function validateSignupSubmission(
  form: Partial<Record<SignupField, unknown>>,
  availability: { username: AvailabilityState; phone: AvailabilityState },
): string | null {
  const formProblem = validateSignupForm(form);
  if (formProblem) return formProblem;
  if (availability.username === 'unavailable') return SignupMessages.chooseAvailableUsername;
  if (availability.phone === 'unavailable') return SignupMessages.useUniquePhone;
  if (availability.username === 'checking' || availability.phone === 'checking')
    return SignupMessages.waitForValidation;
  return null;
}
