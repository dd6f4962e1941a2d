import { checkPasswordRules, passwordErrors, PasswordRules, validateNewPassword } from './password.rules';

describe('password rules', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character (@$!%*?&.-_+=)'],
  ])('%s is refused first with "%s"', (password, message) => {
    expect(validateNewPassword(password, password)).toBe(message);
  });

  it.each(['@', '$', '!', '%', '*', '?', '&', '.', '-', '_', '+', '='])(
    'counts %s as a special character',
    (special) => {
      expect(passwordErrors(`Abcdefg1${special}`)).toEqual([]);
    },
  );

  it('does not count other symbols as special', () => {
    expect(passwordErrors('Abcdefg1#')).toEqual([
      'Password must contain at least one special character (@$!%*?&.-_+=)',
    ]);
  });

  it('lists every broken rule, in order, for the live checklist', () => {
    expect(passwordErrors('abc')).toHaveLength(4);
    expect(checkPasswordRules('abc').map((rule) => [rule.id, rule.met])).toEqual([
      ['length', false],
      ['lowercase', true],
      ['uppercase', false],
      ['digit', false],
      ['special', false],
    ]);
  });

  it('checks the confirmation only once the rules pass', () => {
    expect(validateNewPassword('Str0ng-Pass!', 'Str0ng-Pass?')).toBe(PasswordRules.mismatchMessage);
    expect(validateNewPassword('Str0ng-Pass!', 'Str0ng-Pass!')).toBeNull();
  });

  it('allows long passphrases but bounds them', () => {
    expect(passwordErrors(`Aa1!${'x'.repeat(124)}`)).toEqual([]);
    expect(passwordErrors(`Aa1!${'x'.repeat(125)}`)).toEqual([PasswordRules.tooLongMessage]);
  });
});
