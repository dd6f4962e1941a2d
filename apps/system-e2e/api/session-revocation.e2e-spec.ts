import { createHash, randomBytes } from 'node:crypto';
import { freePortBlock } from '@copytrade/testing';
import { clientAt } from '../src/support/identity-flows';
import { getWithCookie, seedUsers, signIn } from '../src/support/seeded-users';
import { useTestPlatform } from '../src/support/test-platform';

/**
 * Gateways cache sessions; a revoked one must still stop working at once on every replica: the revocation is
 * made on replica A and the very next request with the old cookie goes to replica B, which had it cached.
 */
const suite = useTestPlatform('session_revocation', { TRUST_PROXY: '1' });
const ROUNDS = 25;
let replicaB: string;

beforeAll(async () => {
  replicaB = await suite.platform.addGatewayReplica(await freePortBlock(1));
}, 60_000);

/** A session cached on both replicas (each has just answered 200 to it). */
async function cachedEverywhere(username: string) {
  const session = await signIn(suite.platform.url, username);
  for (const replica of [suite.platform.url, replicaB])
    await getWithCookie(replica, '/api/verify-token', session.cookie).expect(200);
  return session;
}

describe('session revocation across gateway replicas', () => {
  it(`logout on replica A: the old cookie is 401 at once on replica B (${ROUNDS} times)`, async () => {
    const [user] = await seedUsers(suite.db, 'logout', 1);
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { api, cookie } = await cachedEverywhere(user!.username);
      expect((await api.post('/api/logout')).status).toBe(200);
      statuses.push((await getWithCookie(replicaB, '/api/verify-token', cookie)).status);
      statuses.push((await getWithCookie(suite.platform.url, '/api/verify-token', cookie)).status);
    }
    expect(statuses).toEqual(Array(ROUNDS * 2).fill(401));
  }, 180_000);

  it(`password reset on replica A: every old session is 401 at once on replica B (${ROUNDS} times)`, async () => {
    const users = await seedUsers(suite.db, 'reset', ROUNDS);
    const statuses: number[] = [];
    for (const user of users) {
      const sessions = [await cachedEverywhere(user.username), await cachedEverywhere(user.username)];
      // A reset link as the mailer would send it (only its hash is stored).
      const token = randomBytes(32).toString('base64url');
      await suite.db.query(
        `INSERT INTO identity.password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
        [user.id, createHash('sha256').update(token).digest('hex')],
      );
      const reset = await clientAt(suite.platform.url).post('/api/auth/reset-password', {
        token,
        newPassword: 'N3w-Passw0rd!',
        confirmPassword: 'N3w-Passw0rd!',
      });
      expect(reset.status).toBe(200);
      for (const { cookie } of sessions)
        statuses.push((await getWithCookie(replicaB, '/api/verify-token', cookie)).status);
    }
    expect(statuses).toEqual(Array(ROUNDS * 2).fill(401));
  }, 240_000);
});
