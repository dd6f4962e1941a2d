import { BetaMessages, isBetaFull, validateBetaCode } from './beta.rules';
import { normaliseEmail, validateEmail } from './email.rules';
import { canSendFeedback } from './feedback.rules';

describe('e-mail rule', () => {
  it.each([
    ['', 'Email address is required'],
    ['   ', 'Email address is required'],
    ['plain', 'Please enter a valid email address'],
    ['a@b', 'Please enter a valid email address'],
    ['a b@c.de', 'Please enter a valid email address'],
    [' Ada@Example.com ', null],
  ])('%p → %p', (value, message) => {
    expect(validateEmail(value)).toBe(message);
  });

  it('normalises addresses for comparison', () => {
    expect(normaliseEmail(' Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('beta rules', () => {
  it('wants exactly 8 digits', () => {
    expect(validateBetaCode('')).toBe(BetaMessages.codeRequired);
    expect(validateBetaCode('1234567')).toBe(BetaMessages.codeShape);
    expect(validateBetaCode('1234567a')).toBe(BetaMessages.codeShape);
    expect(validateBetaCode(' 01234567 ')).toBeNull();
  });

  it('is full once the count reaches the maximum', () => {
    expect(isBetaFull({ currentCount: 99, maxCount: 100 })).toBe(false);
    expect(isBetaFull({ currentCount: 100, maxCount: 100 })).toBe(true);
  });
});

describe('feedback rule', () => {
  it('sends only with a type and a message, and not twice at once', () => {
    expect(canSendFeedback({ type: 'bug', message: 'Broken', sending: false })).toBe(true);
    expect(canSendFeedback({ type: '', message: 'Broken', sending: false })).toBe(false);
    expect(canSendFeedback({ type: 'bug', message: '  ', sending: false })).toBe(false);
    expect(canSendFeedback({ type: 'bug', message: 'Broken', sending: true })).toBe(false);
  });
});
