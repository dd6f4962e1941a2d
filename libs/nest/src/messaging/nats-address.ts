/**
 * Where, and as whom, an app connects to NATS: with its own user and password when the server requires them (each
 * app's permissions: docs/security.md), anonymously when none is configured (a plain server, as in most tests).
 */
export interface NatsAddress {
  url: string;
  user?: string;
  password?: string;
}

/** A bare URL (tests, tools) or an app's address with its credentials. */
export type NatsTarget = string | NatsAddress;

/** The nats.js connection options (the client of @nats-io/transport-node and Nest's NATS transport alike). */
export function natsConnectOptions(target: NatsTarget): { servers: string[]; user?: string; pass?: string } {
  const { url, user, password } = typeof target === 'string' ? { url: target } : target;
  return user ? { servers: [url], user, pass: password } : { servers: [url] };
}
