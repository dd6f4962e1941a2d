import { generateActorSigningKeys, loadConfig } from '@copytrade/nest';
import { BrokerageConfig } from '../../config/brokerage.config';
import { SecretCipher } from './secret-cipher';

const cipher = new SecretCipher(loadConfig(BrokerageConfig, { DATABASE_URL: 'postgres://x', NODE_ENV: 'test' }));

describe('SecretCipher (AES-256-GCM)', () => {
  it('round-trips, with a new IV every time', () => {
    const first = cipher.encrypt('s3cret', 'user-1');
    expect(first).not.toContain('s3cret');
    expect(cipher.encrypt('s3cret', 'user-1')).not.toBe(first);
    expect(cipher.decrypt(first, 'user-1')).toBe('s3cret');
  });

  it("refuses a ciphertext moved onto another user's row, or tampered with", () => {
    const stored = cipher.encrypt('s3cret', 'user-1');
    expect(() => cipher.decrypt(stored, 'user-2')).toThrow();
    const [version, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), 'user-1')).toThrow();
  });
});

describe('BrokerageConfig', () => {
  const base = { DATABASE_URL: 'postgres://x', ACTOR_SIGNING_PUBLIC_KEY: generateActorSigningKeys().publicKey };

  it('requires a 32-byte encryption key in production and refuses placeholders', () => {
    expect(() => loadConfig(BrokerageConfig, { ...base, NODE_ENV: 'production' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() =>
      loadConfig(BrokerageConfig, { ...base, NODE_ENV: 'production', SECRETS_ENCRYPTION_KEY: 'CHANGE_ME' }),
    ).toThrow(/SECRETS_ENCRYPTION_KEY/);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig(BrokerageConfig, { ...base, NODE_ENV: 'production', SECRETS_ENCRYPTION_KEY: key })
        .secretsEncryptionKey,
    ).toHaveLength(32);
  });

  it('keeps the paper market always open outside production, real hours in production, and picks SnapTrade only with both credentials', () => {
    const development = loadConfig(BrokerageConfig, base);
    expect([development.paperMarketHours, development.usesSnaptrade]).toEqual(['always-open', false]);
    const production = loadConfig(BrokerageConfig, {
      ...base,
      NODE_ENV: 'production',
      SECRETS_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
      SNAPTRADE_CLIENT_ID: 'id',
    });
    expect([production.paperMarketHours, production.usesSnaptrade]).toEqual(['real', false]);
    expect(
      loadConfig(BrokerageConfig, {
        ...base,
        SNAPTRADE_CLIENT_ID: 'id',
        SNAPTRADE_CONSUMER_KEY: 'key',
        SNAPTRADE_BASE_URL: 'http://127.0.0.1:4010/',
      }),
    ).toMatchObject({ usesSnaptrade: true, SNAPTRADE_BASE_URL: 'http://127.0.0.1:4010' });
  });
});
