import { loadConfig } from '@copytrade/nest';
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
