import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { RpcActor } from '@copytrade/contracts';

/**
 * Publicly known development key pair (Ed25519, base64 DER: PKCS#8 private, SPKI public), the default outside
 * production so `npm start` and the tests sign and verify without setup. Refused in production (docs/security.md).
 */
export const DEV_ACTOR_SIGNING_PRIVATE_KEY = 'MC4CAQAwBQYDK2VwBCIEIC8IfDKcxxC0SfUJB5F+EYyHkOwdaA1LPwlkvOHs2gNm';
export const DEV_ACTOR_SIGNING_PUBLIC_KEY = 'MCowBQYDK2VwAyEAvmSEX0XcFRP/TAFyXhhW/Qb0ddvPDIszUyFmi4Tn23U=';

/** Long enough for a request's calls hop to hop (an order waits up to 30 s), short enough that a replay soon dies. */
export const ACTOR_TOKEN_TTL_SECONDS = 60;

/** What the gateway signs: the session's user, its admin flag, a digest of the session, the request, an expiry. */
interface ActorClaims {
  sub: string;
  adm: boolean;
  sid?: string;
  rid: string;
  /** Unix seconds. */
  exp: number;
}

export type ActorRefusal = 'malformed' | 'bad-signature' | 'expired';

export type ActorVerification = { ok: true; actor: RpcActor } | { ok: false; reason: ActorRefusal };

const MAX_TOKEN_LENGTH = 2_000;

/** The gateway's side: only it holds the private key (ACTOR_SIGNING_PRIVATE_KEY). */
export class ActorSigner {
  private readonly key: KeyObject;

  constructor(
    privateKeyBase64: string,
    private readonly ttlSeconds = ACTOR_TOKEN_TTL_SECONDS,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' });
  }

  /** `<claims, base64url JSON>.<Ed25519 signature of that text, base64url>`. */
  sign(actor: RpcActor, requestId: string): string {
    const claims: ActorClaims = {
      sub: actor.userId,
      adm: actor.isAdmin,
      sid: actor.sessionId,
      rid: requestId,
      exp: Math.floor(this.now() / 1000) + this.ttlSeconds,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${sign(null, Buffer.from(body), this.key).toString('base64url')}`;
  }
}

/**
 * Every service's side: the public key (ACTOR_SIGNING_PUBLIC_KEY) checks a token and reads its actor. Several keys,
 * comma-separated, while a key is rotated (docs/security.md): a token signed by any of them verifies.
 */
export class ActorVerifier {
  private readonly keys: KeyObject[];

  constructor(
    publicKeysBase64: string,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = publicKeysBase64
      .split(',')
      .map((key) => createPublicKey({ key: Buffer.from(key.trim(), 'base64'), format: 'der', type: 'spki' }));
  }

  verify(token: unknown): ActorVerification {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
    const signed = Buffer.from(body);
    const signatureBytes = Buffer.from(signature, 'base64url');
    if (!this.keys.some((key) => verify(null, signed, key, signatureBytes)))
      return { ok: false, reason: 'bad-signature' };
    const claims = parseClaims(body);
    if (!claims) return { ok: false, reason: 'malformed' };
    if (claims.exp * 1000 <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, actor: { userId: claims.sub, isAdmin: claims.adm, sessionId: claims.sid, token } };
  }
}

function parseClaims(body: string): ActorClaims | null {
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<ActorClaims> | null;
    const valid =
      typeof claims?.sub === 'string' &&
      typeof claims.adm === 'boolean' &&
      typeof claims.rid === 'string' &&
      typeof claims.exp === 'number' &&
      (claims.sid === undefined || typeof claims.sid === 'string');
    return valid ? (claims as ActorClaims) : null;
  } catch {
    return null;
  }
}

/** A new key pair in the variables' format (base64 DER): ACTOR_SIGNING_PRIVATE_KEY and ACTOR_SIGNING_PUBLIC_KEY. */
export function generateActorSigningKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** Signs with the development key: test clients acting as the gateway. */
export const devActorSigner = () => new ActorSigner(DEV_ACTOR_SIGNING_PRIVATE_KEY);

/** The actor as a service's guard hands it on, signed with the development key: tests calling use cases directly. */
export const devSignedActor = (actor: RpcActor, requestId = 'test'): RpcActor => ({
  ...actor,
  token: devActorSigner().sign(actor, requestId),
});
