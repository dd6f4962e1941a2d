import { loadConfig, productionTransportEnv } from '@copytrade/nest';
import { DEV_CSRF_SECRET, GatewayConfig } from './gateway.config';

describe('GatewayConfig', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('reads COOKIE_SECURE=%s as %s', (value, secure) => {
    expect(loadConfig(GatewayConfig, { COOKIE_SECURE: value }).secureCookies).toBe(secure);
  });
});

describe('GatewayConfig DEV_TOOLS', () => {
  it('is off unless set', () => {
    expect(loadConfig(GatewayConfig, {}).DEV_TOOLS).toBe(false);
    expect(loadConfig(GatewayConfig, { NODE_ENV: 'test' }).DEV_TOOLS).toBe(false);
    expect(loadConfig(GatewayConfig, { DEV_TOOLS: 'false' }).DEV_TOOLS).toBe(false);
    expect(loadConfig(GatewayConfig, { DEV_TOOLS: 'true' }).DEV_TOOLS).toBe(true);
  });

  it('production refuses to start with it on, and starts with it off', () => {
    const production = { ...productionTransportEnv('gateway'), CSRF_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(GatewayConfig, { ...production, DEV_TOOLS: 'true' })).toThrow(
      'DEV_TOOLS must not be turned on in production',
    );
    expect(loadConfig(GatewayConfig, { ...production, DEV_TOOLS: 'false' }).DEV_TOOLS).toBe(false);
    expect(loadConfig(GatewayConfig, production).DEV_TOOLS).toBe(false);
  });
});

describe('GatewayConfig CSRF_SECRET in production', () => {
  const production = productionTransportEnv('gateway');

  it('refuses to start without it, naming it (no longer found out at the first CSRF token)', () => {
    expect(() => loadConfig(GatewayConfig, production)).toThrow('CSRF_SECRET must be set in production');
  });

  it.each([DEV_CSRF_SECRET, 'dev-only-csrf-secret-0123456789abcdef'])('refuses the published value %s', (value) => {
    expect(() => loadConfig(GatewayConfig, { ...production, CSRF_SECRET: value })).toThrow(
      'CSRF_SECRET is a published development value',
    );
  });

  it('starts with a secret of its own and signs with it', () => {
    const secret = 'q7Vb0c'.repeat(8);
    expect(loadConfig(GatewayConfig, { ...production, CSRF_SECRET: secret }).csrfSecret).toBe(secret);
  });

  it('outside production signs with the development value when unset', () => {
    expect(loadConfig(GatewayConfig, { NODE_ENV: 'test' }).csrfSecret).toBe(DEV_CSRF_SECRET);
  });
});
