import { generateKeyPairSync } from 'node:crypto';
import {
  ACTOR_TOKEN_TTL_SECONDS,
  ActorSigner,
  ActorVerifier,
  DEV_ACTOR_SIGNING_PRIVATE_KEY,
  DEV_ACTOR_SIGNING_PUBLIC_KEY,
} from './actor-signature';

const USER = '5b0f6c1e-8d8a-4c38-9f4e-2a1e6d1f7a01';
const OTHER = '9c1d2e3f-0000-4000-8000-000000000002';
const signer = (now = Date.now) => new ActorSigner(DEV_ACTOR_SIGNING_PRIVATE_KEY, ACTOR_TOKEN_TTL_SECONDS, now);
const verifier = (now = Date.now) => new ActorVerifier(DEV_ACTOR_SIGNING_PUBLIC_KEY, now);

/** The token with its claims rewritten and the original signature kept. */
function withClaims(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [body, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  return `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('actor signatures', () => {
  it('a signed actor verifies to the same user, admin flag and session, carrying its token', () => {
    const token = signer().sign({ userId: USER, isAdmin: true, sessionId: 's1' }, 'req-1');
    expect(verifier().verify(token)).toEqual({
      ok: true,
      actor: { userId: USER, isAdmin: true, sessionId: 's1', token },
    });
  });

  it('an altered actor (admin flag raised, another user) is refused', () => {
    const token = signer().sign({ userId: USER, isAdmin: false }, 'req-1');
    for (const forged of [
      withClaims(token, (claims) => (claims.adm = true)),
      withClaims(token, (claims) => (claims.sub = OTHER)),
      withClaims(token, (claims) => (claims.exp = Number(claims.exp) + 3_600)),
    ])
      expect(verifier().verify(forged)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('an actor signed with another key is refused', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const other = new ActorSigner(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
    expect(verifier().verify(other.sign({ userId: USER, isAdmin: true }, 'r'))).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('verifies with either key while the key is rotated (both public keys, comma-separated)', () => {
    const next = generateKeyPairSync('ed25519');
    const nextSigner = new ActorSigner(next.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
    const nextPublic = next.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const both = new ActorVerifier(`${DEV_ACTOR_SIGNING_PUBLIC_KEY},${nextPublic}`);
    expect(both.verify(signer().sign({ userId: USER, isAdmin: false }, 'r')).ok).toBe(true);
    expect(both.verify(nextSigner.sign({ userId: USER, isAdmin: false }, 'r')).ok).toBe(true);
    expect(verifier().verify(nextSigner.sign({ userId: USER, isAdmin: false }, 'r')).ok).toBe(false);
  });

  it('a token replayed after its expiry is refused', () => {
    const start = Date.now();
    const token = signer(() => start).sign({ userId: USER, isAdmin: false }, 'r');
    expect(verifier(() => start + (ACTOR_TOKEN_TTL_SECONDS - 1) * 1000).verify(token).ok).toBe(true);
    expect(verifier(() => start + ACTOR_TOKEN_TTL_SECONDS * 1000).verify(token)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it.each([undefined, 42, '', 'abc', 'a.b.c', 'x'.repeat(3_000), { userId: USER, isAdmin: true }])(
    'refuses a malformed token (%p)',
    (token) => {
      expect(verifier().verify(token)).toMatchObject({ ok: false });
    },
  );
});
