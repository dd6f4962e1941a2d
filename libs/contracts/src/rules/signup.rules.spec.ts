import {
  normalisePhoneNumber,
  SignupMessages,
  validateSignupForm,
  validateSignupSubmission,
  type SignupForm,
} from './signup.rules';

const valid: SignupForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada.l',
  password: 'Str0ng-Pass!',
  confirmPassword: 'Str0ng-Pass!',
  phoneNumber: '+1 (555) 010-0000',
  occupation: 'Engineer',
  annualIncome: '$25,000 - $40,000',
};
const ready = { username: 'available', phone: 'available' } as const;

describe('validateSignupForm', () => {
  it('passes a complete, valid form', () => {
    expect(validateSignupForm(valid)).toBeNull();
  });

  it.each(Object.keys(valid))('asks for all fields when %s is empty or blank', (field) => {
    expect(validateSignupForm({ ...valid, [field]: '' })).toBe(SignupMessages.fillAllFields);
    expect(validateSignupForm({ ...valid, [field]: '  ' })).toBe(SignupMessages.fillAllFields);
  });

  it('checks the fields before the password, and the password before the shapes', () => {
    expect(validateSignupForm({ ...valid, occupation: '', password: 'weak' })).toBe(SignupMessages.fillAllFields);
    expect(validateSignupForm({ ...valid, password: 'weak', confirmPassword: 'weak', username: 'a b' })).toBe(
      SignupMessages.fixPasswordErrors,
    );
    expect(validateSignupForm({ ...valid, confirmPassword: 'Str0ng-Pass?' })).toBe(SignupMessages.fixPasswordErrors);
  });

  it.each([
    [{ email: 'ada@example' }, 'Please enter a valid email address'],
    [{ username: 'ab' }, SignupMessages.usernameTooShort],
    [{ username: 'ada@home' }, SignupMessages.usernameInvalid],
    [{ username: 'a'.repeat(31) }, SignupMessages.usernameInvalid],
    [{ phoneNumber: '555-0100' }, SignupMessages.phoneInvalid],
    [{ phoneNumber: '1'.repeat(16) }, SignupMessages.phoneInvalid],
    [{ annualIncome: '$1' }, SignupMessages.annualIncomeInvalid],
    [{ firstName: 'x'.repeat(101) }, SignupMessages.textTooLong],
  ])('refuses %p with its message', (change, message) => {
    expect(validateSignupForm({ ...valid, ...change })).toBe(message);
  });
});

describe('validateSignupSubmission', () => {
  it('then needs the username and phone available, and no check running', () => {
    expect(validateSignupSubmission(valid, { username: 'unavailable', phone: 'unavailable' })).toBe(
      SignupMessages.chooseAvailableUsername,
    );
    expect(validateSignupSubmission(valid, { username: 'available', phone: 'unavailable' })).toBe(
      SignupMessages.useUniquePhone,
    );
    expect(validateSignupSubmission(valid, { username: 'checking', phone: 'available' })).toBe(
      SignupMessages.waitForValidation,
    );
    expect(validateSignupSubmission(valid, ready)).toBeNull();
  });
});

it('normalises phone numbers to digits', () => {
  expect(normalisePhoneNumber(' +1 (555) 010-0000 ')).toBe('15550100000');
});
