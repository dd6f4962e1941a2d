import { randomUUID } from 'node:crypto';
import { IdentityPasswordResetRpc, Messages, type ForgotPasswordResponse } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { Client } from 'pg';
import { DEV_DEMO_USER } from '../../src/config/identity.config';
import { useIdentityService } from '../support/identity-under-test';

/**
 * Forgot password answers before it issues a link: the answer for an address with an account cannot take longer
 * than for one without (which would tell who has an account). Shown without timing anything: while the link's
 * table is locked, the request for a known address still answers, and the link is issued once the lock goes.
 */
const identity = useIdentityService('identity_password_reset_answer_first');

const request = (email: string) =>
  identity.rpc.request<{ email: string }, ForgotPasswordResponse>(
    IdentityPasswordResetRpc.request,
    { email },
    { requestId: randomUUID(), clientAddress: '10.0.0.1' },
    5_000,
  );

it('a known address is answered while its link cannot be written yet; the link follows', async () => {
  const [{ id: userId }] = (await identity.db.query(`SELECT id FROM identity.users WHERE username = 'demo'`)) as {
    id: string;
  }[];
  const locker = new Client({ connectionString: (identity.db.options as { url: string }).url });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE identity.password_resets IN ACCESS EXCLUSIVE MODE');
    const answer = await request(DEV_DEMO_USER.email);
    expect(answer).toEqual({ success: true, message: Messages.passwordResetRequested });
    await locker.query('COMMIT');
  } finally {
    await locker.end();
  }
  await expectEventually(async () => {
    const rows = await identity.db.query('SELECT 1 FROM identity.password_resets WHERE user_id = $1', [userId]);
    expect(rows).toHaveLength(1);
  });
});

it('an unknown address gets the same answer and no link', async () => {
  const before = await identity.db.query('SELECT count(*)::int AS n FROM identity.password_resets');
  expect(await request(`nobody.${randomUUID()}@example.com`)).toEqual({
    success: true,
    message: Messages.passwordResetRequested,
  });
  const after = await identity.db.query('SELECT count(*)::int AS n FROM identity.password_resets');
  expect(after[0].n).toBe(before[0].n);
});

it('a request answered but not yet worked off when the process stopped is mailed afterwards, once', async () => {
  const [{ id: userId }] = (await identity.db.query(`SELECT id FROM identity.users WHERE username = 'demo'`)) as {
    id: string;
  }[];
  const before = await identity.db.query('SELECT count(*)::int AS n FROM identity.password_resets WHERE user_id = $1', [
    userId,
  ]);
  // What an answered request leaves behind when the process dies before its link is issued.
  await identity.db.query(
    `INSERT INTO identity.password_reset_requests (email, client_address, request_id) VALUES ($1, '10.0.0.1', $2)`,
    [DEV_DEMO_USER.email.toLowerCase(), randomUUID()],
  );
  // Found by the periodic look for requests left behind (every 5 s).
  await expectEventually(
    async () => {
      const queued = await identity.db.query('SELECT count(*)::int AS n FROM identity.password_reset_requests');
      expect(queued[0].n).toBe(0);
      const after = await identity.db.query(
        'SELECT count(*)::int AS n FROM identity.password_resets WHERE user_id = $1',
        [userId],
      );
      expect(after[0].n).toBe(before[0].n + 1);
    },
    { timeoutMs: 15_000 },
  );
});
