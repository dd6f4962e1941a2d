import { generateActorSigningKeys, loadConfig } from '@copytrade/nest';
import { GatewayConfig } from './gateway.config';

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
    const production = {
      NODE_ENV: 'production',
      CSRF_SECRET: 'x'.repeat(40),
      ACTOR_SIGNING_PRIVATE_KEY: generateActorSigningKeys().privateKey,
    };
    expect(() => loadConfig(GatewayConfig, { ...production, DEV_TOOLS: 'true' })).toThrow(
      'DEV_TOOLS must not be turned on in production',
    );
    expect(loadConfig(GatewayConfig, { ...production, DEV_TOOLS: 'false' }).DEV_TOOLS).toBe(false);
    expect(loadConfig(GatewayConfig, production).DEV_TOOLS).toBe(false);
  });
});
