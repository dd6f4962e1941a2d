import { loadConfig } from '@copytrade/nest';
import { IdentityConfig } from '../../config/identity.config';
import { BetaCodeHasher } from './beta-code-hasher';

const hasher = new BetaCodeHasher(loadConfig(IdentityConfig, { DATABASE_URL: 'postgres://unused', NODE_ENV: 'test' }));

describe('BetaCodeHasher', () => {
  it('makes 8-digit codes, zero-padded', () => {
    for (let index = 0; index < 200; index += 1) expect(hasher.generate()).toMatch(/^\d{8}$/);
  });

  it('stores no code in clear and matches only the code it was made from, for its own address', () => {
    const hash = hasher.hash('ada@example.com', '01234567');
    expect(hash).not.toContain('01234567');
    expect(hasher.matches(hash, 'ada@example.com', '01234567')).toBe(true);
    expect(hasher.matches(hash, 'ada@example.com', '01234568')).toBe(false);
    expect(hasher.matches(hash, 'bob@example.com', '01234567')).toBe(false);
    expect(hasher.matches('not-hex', 'ada@example.com', '01234567')).toBe(false);
  });
});
