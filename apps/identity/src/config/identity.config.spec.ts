import { generateActorSigningKeys, loadConfig } from '@copytrade/nest';
import { IdentityConfig } from './identity.config';

const base = { DATABASE_URL: 'postgres://unused', ACTOR_SIGNING_PUBLIC_KEY: generateActorSigningKeys().publicKey };

describe('IdentityConfig', () => {
  it('has the documented beta and mail defaults', () => {
    const config = loadConfig(IdentityConfig, base);
    expect(config).toMatchObject({
      BETA_MAX_USERS: 100,
      BETA_AUTO_APPROVE: true,
      BETA_CODE_TTL_MINUTES: 30,
      PASSWORD_RESET_TTL_MINUTES: 60,
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads BETA_AUTO_APPROVE=false as false', () => {
    expect(loadConfig(IdentityConfig, { ...base, BETA_AUTO_APPROVE: 'false' }).BETA_AUTO_APPROVE).toBe(false);
  });

  it('refuses to start in production without SMTP_URL or CODE_HASH_SECRET, with a clear message', () => {
    expect(() => loadConfig(IdentityConfig, { ...base, NODE_ENV: 'production' })).toThrow(
      /SMTP_URL must be set in production[\s\S]*CODE_HASH_SECRET must be set in production/,
    );
    const production = loadConfig(IdentityConfig, {
      ...base,
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      CODE_HASH_SECRET: 'x'.repeat(32),
    });
    expect(production.SMTP_URL).toBe('smtps://mailer:secret@smtp.example.com:465');
  });

  it('refuses a SMTP_URL that is not smtp(s)://', () => {
    expect(() => loadConfig(IdentityConfig, { ...base, SMTP_URL: 'http://example.com' })).toThrow(/SMTP_URL/);
  });
});
