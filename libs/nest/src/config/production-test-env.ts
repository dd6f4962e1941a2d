import { generateActorSigningKeys } from '../rpc/actor-signature';

/**
 * For tests of a process's configuration in production: the settings every process must have there besides its own
 * secrets — NATS credentials and a fresh actor key of its own (the gateway signs with the private half, services
 * verify with the public one).
 */
export function productionTransportEnv(role: 'gateway' | 'service'): Record<string, string> {
  const keys = generateActorSigningKeys();
  return {
    NODE_ENV: 'production',
    NATS_USER: role === 'gateway' ? 'gateway' : 'service',
    NATS_PASSWORD: 'a-nats-password-of-ours',
    ...(role === 'gateway'
      ? { ACTOR_SIGNING_PRIVATE_KEY: keys.privateKey }
      : { ACTOR_SIGNING_PUBLIC_KEY: keys.publicKey }),
  };
}
