import { generateActorSigningKeys, loadConfig, productionTransportEnv } from '@copytrade/nest';
import {
  DEV_ADMIN_PASSWORD,
  DEV_CODE_HASH_SECRET,
  DEV_NOTIFICATION_UNSUBSCRIBE_SECRET,
  IdentityConfig,
} from './identity.config';

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
      NOTIFICATION_EMAIL_WINDOW_SECONDS: 900,
      NOTIFICATION_EMAIL_GATHER_SECONDS: 30,
      NOTIFICATION_EMAIL_RATE_PER_MINUTE: 600,
    });
    expect(config.notificationUnsubscribeSecret).toBe(DEV_NOTIFICATION_UNSUBSCRIBE_SECRET);
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads BETA_AUTO_APPROVE=false as false', () => {
    expect(loadConfig(IdentityConfig, { ...base, BETA_AUTO_APPROVE: 'false' }).BETA_AUTO_APPROVE).toBe(false);
  });

  it('refuses to start in production without SMTP_URL, CODE_HASH_SECRET or NOTIFICATION_UNSUBSCRIBE_SECRET, with a clear message', () => {
    expect(() => loadConfig(IdentityConfig, { ...base, NODE_ENV: 'production' })).toThrow(
      /SMTP_URL must be set in production[\s\S]*CODE_HASH_SECRET must be set in production[\s\S]*NOTIFICATION_UNSUBSCRIBE_SECRET must be set in production/,
    );
    const production = loadConfig(IdentityConfig, {
      ...base,
      ...productionTransportEnv('service'),
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      CODE_HASH_SECRET: 'x'.repeat(32),
      NOTIFICATION_UNSUBSCRIBE_SECRET: 'u'.repeat(32),
    });
    expect(production.SMTP_URL).toBe('smtps://mailer:secret@smtp.example.com:465');
  });

  it('refuses a SMTP_URL that is not smtp(s)://', () => {
    expect(() => loadConfig(IdentityConfig, { ...base, SMTP_URL: 'http://example.com' })).toThrow(/SMTP_URL/);
  });

  describe('secrets in production', () => {
    const production = {
      ...productionTransportEnv('service'),
      DATABASE_URL: 'postgres://identity:a-password-of-ours@db:5432/copytrade',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      CODE_HASH_SECRET: 'c'.repeat(40),
      NOTIFICATION_UNSUBSCRIBE_SECRET: 'n'.repeat(40),
      ADMIN_PASSWORD: 'an-admin-password-of-ours',
    };

    it('starts with secrets of its own', () => {
      expect(loadConfig(IdentityConfig, production).codeHashSecret).toBe('c'.repeat(40));
      expect(loadConfig(IdentityConfig, production).notificationUnsubscribeSecret).toBe('n'.repeat(40));
    });

    it.each([
      ['CODE_HASH_SECRET', DEV_CODE_HASH_SECRET],
      ['CODE_HASH_SECRET', 'dev-only-code-hash-secret-0123456789abcdef'],
      ['NOTIFICATION_UNSUBSCRIBE_SECRET', DEV_NOTIFICATION_UNSUBSCRIBE_SECRET],
      ['ADMIN_PASSWORD', DEV_ADMIN_PASSWORD],
      ['DATABASE_URL', 'postgres://copytrade:dev-only-postgres-password@postgres:5432/copytrade'],
    ])('refuses the published development %s, naming it', (name, value) => {
      expect(() => loadConfig(IdentityConfig, { ...production, [name]: value })).toThrow(
        `${name} is a published development value`,
      );
    });

    it('refuses a missing CODE_HASH_SECRET or NOTIFICATION_UNSUBSCRIBE_SECRET; a missing ADMIN_PASSWORD only means no admin is seeded', () => {
      expect(() => loadConfig(IdentityConfig, { ...production, CODE_HASH_SECRET: undefined })).toThrow(
        'CODE_HASH_SECRET must be set in production',
      );
      expect(() => loadConfig(IdentityConfig, { ...production, NOTIFICATION_UNSUBSCRIBE_SECRET: undefined })).toThrow(
        'NOTIFICATION_UNSUBSCRIBE_SECRET must be set in production',
      );
      expect(loadConfig(IdentityConfig, { ...production, ADMIN_PASSWORD: undefined }).ADMIN_PASSWORD).toBeUndefined();
    });
  });
});
