import 'reflect-metadata';
import { IsString, MinLength } from 'class-validator';
import { BaseServiceConfig } from './base-service.config';
import { loadConfig } from './load-config';
import { ProductionSecret } from './production-secret';
import { productionTransportEnv } from './production-test-env';

class ExampleConfig extends BaseServiceConfig {
  @ProductionSecret({ developmentValues: ['example-development-signing-key-0123456789'] })
  @IsString()
  @MinLength(32, { message: 'SIGNING_KEY must be at least 32 characters' })
  SIGNING_KEY?: string;

  @ProductionSecret({ required: false })
  @IsString()
  OPTIONAL_KEY?: string;
}

const production = { ...productionTransportEnv('service'), DATABASE_URL: 'postgres://app:s3cret-of-ours@db/app' };
const ownKey = 'k'.repeat(40);

describe('ProductionSecret', () => {
  it('production refuses a missing secret, naming it', () => {
    expect(() => loadConfig(ExampleConfig, production)).toThrow('SIGNING_KEY must be set in production');
  });

  it.each([
    ['its own development value', 'example-development-signing-key-0123456789'],
    ['a value published for another variable', 'dev-only-csrf-secret-0123456789abcdef'],
    ['a value marked as a development one', 'development-only-anything-else-0123456789'],
  ])('production refuses %s, naming the variable', (_, value) => {
    expect(() => loadConfig(ExampleConfig, { ...production, SIGNING_KEY: value })).toThrow(
      'SIGNING_KEY is a published development value: production needs a secret of its own',
    );
  });

  it('production refuses a DATABASE_URL holding the published development password, and never prints it', () => {
    const url = 'postgres://copytrade:dev-only-postgres-password@postgres:5432/copytrade';
    expect(() => loadConfig(ExampleConfig, { ...production, DATABASE_URL: url, SIGNING_KEY: ownKey })).toThrow(
      /^(?![\s\S]*dev-only-postgres-password)[\s\S]*DATABASE_URL is a published development value/,
    );
  });

  it('production starts with secrets of its own; an optional one may stay unset but not be a development value', () => {
    expect(loadConfig(ExampleConfig, { ...production, SIGNING_KEY: ownKey }).SIGNING_KEY).toBe(ownKey);
    expect(() =>
      loadConfig(ExampleConfig, { ...production, SIGNING_KEY: ownKey, OPTIONAL_KEY: 'Admin-Beta-2026!' }),
    ).toThrow('OPTIONAL_KEY is a published development value');
  });

  it('outside production any value goes, and the secret may be missing (npm start, tests)', () => {
    const development = { DATABASE_URL: 'postgres://copytrade:dev-only-postgres-password@localhost/copytrade' };
    expect(loadConfig(ExampleConfig, development).SIGNING_KEY).toBeUndefined();
    const test = { ...development, NODE_ENV: 'test', SIGNING_KEY: 'example-development-signing-key-0123456789' };
    expect(loadConfig(ExampleConfig, test).SIGNING_KEY).toBe(test.SIGNING_KEY);
  });

  it("keeps the property's own rules when it is set", () => {
    expect(() => loadConfig(ExampleConfig, { ...production, SIGNING_KEY: 'short' })).toThrow(
      'SIGNING_KEY must be at least 32 characters',
    );
  });
});
