import { UnsubscribeTokens } from './unsubscribe-tokens';

const tokens = new UnsubscribeTokens('a-test-secret-of-at-least-32-characters!');
const userId = '0b6d3c9e-2f1a-4c7b-9e8d-5a4f3b2c1d0e';

describe('UnsubscribeTokens', () => {
  it('reads back the user and topic it signed', () => {
    const token = tokens.issue({ userId, topic: 'trade_copies' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toEqual({ userId, topic: 'trade_copies' });
  });

  it('refuses a token another secret signed', () => {
    const other = new UnsubscribeTokens('another-secret-of-at-least-32-characters');
    expect(tokens.verify(other.issue({ userId, topic: 'trade_copies' }))).toBeNull();
  });

  it('refuses any change to the body or the signature', () => {
    const [body, mac] = tokens.issue({ userId, topic: 'trade_shared' }).split('.') as [string, string];
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const altered of [
      `${encode(`${userId}:trade_sold`)}.${mac}`,
      `${body}.${mac.slice(1)}`,
      `${body}.${mac}=`,
      `${body}=.${mac}`,
      `${body}.${mac}.${mac}`,
      `.${mac}`,
      '',
    ])
      expect(tokens.verify(altered)).toBeNull();
  });
});
