import 'reflect-metadata';
import { generateActorSigningKeys } from '../rpc/actor-signature';
import { BaseServiceConfig } from './base-service.config';
import { loadConfig } from './load-config';

const base = { DATABASE_URL: 'postgres://unused' };
const nats = { NATS_USER: 'traces', NATS_PASSWORD: 'a-nats-password-of-ours' };

describe('the actor verification key of a service', () => {
  it('is the development key outside production, with nothing to set', () => {
    expect(() => loadConfig(BaseServiceConfig, base)).not.toThrow();
  });

  it('refuses the development key in production, and takes a real one', () => {
    expect(() => loadConfig(BaseServiceConfig, { ...base, NODE_ENV: 'production' })).toThrow(
      /ACTOR_SIGNING_PUBLIC_KEY is a published development value/,
    );
    const { publicKey } = generateActorSigningKeys();
    expect(
      loadConfig(BaseServiceConfig, { ...base, NODE_ENV: 'production', ACTOR_SIGNING_PUBLIC_KEY: publicKey })
        .ACTOR_SIGNING_PUBLIC_KEY,
    ).toBe(publicKey);
  });

  it('refuses the development key in production even beside a real one (a rotation list)', () => {
    const { publicKey } = generateActorSigningKeys();
    const list = `${publicKey},${loadConfig(BaseServiceConfig, base).ACTOR_SIGNING_PUBLIC_KEY}`;
    expect(() =>
      loadConfig(BaseServiceConfig, { ...base, NODE_ENV: 'production', ACTOR_SIGNING_PUBLIC_KEY: list }),
    ).toThrow(/ACTOR_SIGNING_PUBLIC_KEY is a published development value/);
  });

  it('refuses a value that is not an Ed25519 public key', () => {
    expect(() => loadConfig(BaseServiceConfig, { ...base, ACTOR_SIGNING_PUBLIC_KEY: 'CHANGE_ME' })).toThrow(
      /ACTOR_SIGNING_PUBLIC_KEY must be an Ed25519 public key/,
    );
  });

  it('refuses an anonymous NATS connection in production (the migrations, which never connect, still load)', () => {
    const { publicKey } = generateActorSigningKeys();
    const production = { ...base, NODE_ENV: 'production', ACTOR_SIGNING_PUBLIC_KEY: publicKey };
    const config = loadConfig(BaseServiceConfig, production);
    expect(() => config.natsAddress).toThrow(/NATS_USER and NATS_PASSWORD must be set in production/);
    expect(loadConfig(BaseServiceConfig, { ...production, ...nats }).natsAddress).toMatchObject({
      user: 'traces',
      password: 'a-nats-password-of-ours',
    });
  });

  it('takes NATS credentials only as a pair', () => {
    expect(() => loadConfig(BaseServiceConfig, { ...base, NATS_USER: 'traces' })).toThrow(/NATS_PASSWORD/);
    expect(loadConfig(BaseServiceConfig, { ...base, NATS_USER: 'traces', NATS_PASSWORD: 'p' }).natsAddress).toEqual({
      url: 'nats://127.0.0.1:4222',
      user: 'traces',
      password: 'p',
    });
  });
});
