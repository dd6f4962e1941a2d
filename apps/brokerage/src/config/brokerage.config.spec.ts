import { loadConfig, productionTransportEnv } from '@copytrade/nest';
import { BrokerageConfig, DEV_SECRETS_ENCRYPTION_KEY } from './brokerage.config';

describe('BrokerageConfig SECRETS_ENCRYPTION_KEY in production', () => {
  const production = {
    ...productionTransportEnv('service'),
    DATABASE_URL: 'postgres://brokerage:a-password-of-ours@db/copytrade',
  };
  const ownKey = Buffer.alloc(32, 7).toString('base64');

  it('refuses to start without it, naming it', () => {
    expect(() => loadConfig(BrokerageConfig, production)).toThrow('SECRETS_ENCRYPTION_KEY must be set in production');
  });

  it('refuses the published development key, naming it', () => {
    expect(() =>
      loadConfig(BrokerageConfig, { ...production, SECRETS_ENCRYPTION_KEY: DEV_SECRETS_ENCRYPTION_KEY }),
    ).toThrow('SECRETS_ENCRYPTION_KEY is a published development value');
  });

  it('starts with a key of its own', () => {
    const config = loadConfig(BrokerageConfig, { ...production, SECRETS_ENCRYPTION_KEY: ownKey });
    expect(config.secretsEncryptionKey).toEqual(Buffer.alloc(32, 7));
  });

  it('outside production falls back to the development key', () => {
    const config = loadConfig(BrokerageConfig, { DATABASE_URL: 'postgres://localhost/copytrade' });
    expect(config.secretsEncryptionKey.toString('base64')).toBe(DEV_SECRETS_ENCRYPTION_KEY);
  });
});
