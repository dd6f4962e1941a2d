import { BetaMessages, BetaRequestApproved, Messages, type BetaRequestApprovedV1 } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import request from 'supertest';
import { ApiSession } from '../src/support/api-session';
import { betaCodeFor, clientAt, eventsOn, mailsTo, newEmail } from '../src/support/identity-flows';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

const MAX_USERS = 5;
const suite = useTestPlatform('beta', { TRUST_PROXY: '1', BETA_MAX_USERS: String(MAX_USERS) });

const setSeatsTaken = (count: number) =>
  suite.db.query('UPDATE identity.beta_capacity SET registered_count = $1', [count]);

/** Sends a code request from a fresh address and returns the mailed code. */
async function requestCode(email: string, api = clientAt(suite.platform.url)): Promise<string> {
  const before = (await mailsTo(suite.platform.url, email)).length;
  expect((await api.post('/api/send-beta-code', { email })).status).toBe(200);
  return betaCodeFor(suite.platform.url, email, before);
}

const verify = (email: string, betaCode: string, api = clientAt(suite.platform.url)) =>
  api.post('/api/verify-beta-code', { email, betaCode });

describe('beta status', () => {
  it('is public, reports the configured capacity, and the seeded admin and demo users take no seat', async () => {
    const response = await request(suite.platform.url).get('/api/auth/beta-status').expect(200);
    expect(response.body).toEqual({ currentCount: 0, maxCount: MAX_USERS });
  });
});

describe('send-beta-code', () => {
  it('refuses a missing or malformed address with the documented messages', async () => {
    const api = clientAt(suite.platform.url);
    expect((await api.post('/api/send-beta-code', {})).body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Email address is required',
    });
    expect((await api.post('/api/send-beta-code', { email: '  ' })).body.message).toBe('Email address is required');
    const malformed = await api.post('/api/send-beta-code', { email: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Please enter a valid email address');
    expect((await api.post('/api/send-beta-code', { email: 'a@b.co', admin: true })).status).toBe(400);
  });

  it('e-mails an 8-digit code at once, stores only its hash, and answers a known and an unknown address alike', async () => {
    const unknown = newEmail('unknown');
    const known = await clientAt(suite.platform.url).post('/api/send-beta-code', {
      email: TEST_DEMO.email.toUpperCase(),
    });
    const fresh = await clientAt(suite.platform.url).post('/api/send-beta-code', { email: unknown });
    expect(known.status).toBe(200);
    expect(fresh.body).toEqual({ success: true, message: BetaMessages.requestReceived });
    expect(known.body).toEqual(fresh.body);

    const code = await betaCodeFor(suite.platform.url, unknown);
    expect(await betaCodeFor(suite.platform.url, TEST_DEMO.email)).toMatch(/^\d{8}$/);
    const stored = await suite.db.query('SELECT code_hash FROM identity.beta_codes WHERE email = $1', [unknown]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].code_hash).not.toContain(code);
    const requestRow = await suite.db.query('SELECT status, approved_by FROM identity.beta_requests WHERE email = $1', [
      unknown,
    ]);
    expect(requestRow.rows[0]).toEqual({ status: 'approved', approved_by: null });
  });

  it('a new code replaces the previous one, and the mailbox lists the newest first', async () => {
    const email = newEmail('twice');
    const first = await requestCode(email);
    const second = await requestCode(email);
    const mails = await mailsTo(suite.platform.url, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(second);
    expect(Date.parse(mails[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(mails[1]!.sentAt));
    expect(mails[0]).toEqual({
      to: email,
      subject: 'Your CopyTrade beta code',
      text: expect.any(String),
      // Text only, no list headers: those are the notification e-mails'.
      html: null,
      headers: {},
      sentAt: expect.any(String),
    });
    if (first !== second) expect((await verify(email, first)).status).toBe(400);
    expect((await verify(email, second)).status).toBe(200);
  });

  it('limits requests per e-mail and per client address with 429 and the documented message', async () => {
    const email = newEmail('limited');
    const perEmail: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      perEmail.push((await clientAt(suite.platform.url).post('/api/send-beta-code', { email })).status);
    expect(perEmail).toEqual([200, 200, 200, 429]);

    const sameAddress = clientAt(suite.platform.url);
    const perAddress: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      perAddress.push((await sameAddress.post('/api/send-beta-code', { email: newEmail('many') })).status);
    expect(perAddress.slice(0, 10).every((status) => status === 200)).toBe(true);
    const refused = await sameAddress.post('/api/send-beta-code', { email: newEmail('many') });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: Messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('verify-beta-code', () => {
  it('validates both fields', async () => {
    const api = clientAt(suite.platform.url);
    expect((await api.post('/api/verify-beta-code', { email: 'a@b.co' })).body.message).toBe(BetaMessages.codeRequired);
    expect((await api.post('/api/verify-beta-code', { email: 'a@b.co', betaCode: '1234' })).body.message).toBe(
      BetaMessages.codeShape,
    );
    expect((await api.post('/api/verify-beta-code', { email: 'a@b.co', betaCode: 'abcdefgh' })).body.message).toBe(
      BetaMessages.codeShape,
    );
    expect((await api.post('/api/verify-beta-code', { betaCode: '12345678' })).body.message).toBe(
      'Email address is required',
    );
  });

  it('accepts the right code once: a new address goes on to sign up, a registered one to sign in', async () => {
    const email = newEmail('new');
    const code = await requestCode(email);
    const accepted = await verify(email.toUpperCase(), code);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ success: true, userExists: false, message: BetaMessages.verifiedNewUser });
    const reused = await verify(email, code);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'BETA_CODE_INVALID', message: BetaMessages.codeInvalid });

    const demoCode = await requestCode(TEST_DEMO.email);
    expect((await verify(TEST_DEMO.email, demoCode)).body).toEqual({
      success: true,
      userExists: true,
      message: BetaMessages.verifiedExistingUser,
    });
  });

  it("binds a code to its address: another address's code is refused", async () => {
    const alice = newEmail('alice');
    const bob = newEmail('bob');
    const aliceCode = await requestCode(alice);
    await requestCode(bob);
    expect((await verify(bob, aliceCode)).status).toBe(400);
    expect((await verify(alice, aliceCode)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = newEmail('expired');
    const code = await requestCode(email);
    await suite.db.query(`UPDATE identity.beta_codes SET expires_at = now() - interval '1 second' WHERE email = $1`, [
      email,
    ]);
    expect((await verify(email, code)).body.code).toBe('BETA_CODE_INVALID');
  });

  it('kills a code after 5 wrong guesses: even the right code is refused afterwards', async () => {
    const email = newEmail('guessed');
    const code = await requestCode(email);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(email, wrong)).status).toBe(400);
    expect((await verify(email, code)).status).toBe(400);
    const row = await suite.db.query('SELECT failed_attempts, verified_at FROM identity.beta_codes WHERE email = $1', [
      email,
    ]);
    expect(row.rows[0]).toEqual({ failed_attempts: 5, verified_at: null });
  });

  it('limits attempts per client address with 429', async () => {
    const api = clientAt(suite.platform.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1)
      statuses.push((await verify(newEmail('guess'), '12345678', api)).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('answers 403 when the beta is full for a new address (the code stays usable), but lets a registered user through', async () => {
    const email = newEmail('late');
    const code = await requestCode(email);
    const demoCode = await requestCode(TEST_DEMO.email);
    await setSeatsTaken(MAX_USERS);
    try {
      expect((await request(suite.platform.url).get('/api/auth/beta-status')).body).toEqual({
        currentCount: MAX_USERS,
        maxCount: MAX_USERS,
      });
      const full = await verify(email, code);
      expect(full.status).toBe(403);
      expect(full.body).toMatchObject({ code: 'BETA_FULL', message: BetaMessages.betaFull });
      expect((await verify(TEST_DEMO.email, demoCode)).body.userExists).toBe(true);

      // While full, a request is recorded as waiting and no code is mailed.
      const waiting = newEmail('waiting');
      expect((await clientAt(suite.platform.url).post('/api/send-beta-code', { email: waiting })).body.message).toBe(
        BetaMessages.requestReceived,
      );
      expect(await mailsTo(suite.platform.url, waiting)).toEqual([]);
      expect(
        (await suite.db.query('SELECT status FROM identity.beta_requests WHERE email = $1', [waiting])).rows[0].status,
      ).toBe('pending');
    } finally {
      await setSeatsTaken(0);
    }
    expect((await verify(email, code)).status).toBe(200);
  });
});

describe('admin approval of beta requests', () => {
  let admin: ApiSession;
  let adminId: string;

  beforeAll(async () => {
    admin = clientAt(suite.platform.url);
    adminId = (await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).body.user.id;
  });

  it('with auto-approval off, a request waits without a mail until an admin approves it; approval is recorded and published', async () => {
    await suite.db.query(`INSERT INTO identity.settings (key, value) VALUES ('beta_auto_approve', 'false')`);
    try {
      const email = newEmail('manual');
      expect((await clientAt(suite.platform.url).post('/api/send-beta-code', { email })).body.message).toBe(
        BetaMessages.requestReceived,
      );
      expect(await mailsTo(suite.platform.url, email)).toEqual([]);

      const pending = await admin.get('/api/admin/beta-requests?status=pending&limit=100').expect(200);
      const waiting = pending.body.requests.find((row: { email: string }) => row.email === email);
      expect(waiting).toMatchObject({ status: 'pending', requestCount: 1, approvedAt: null, approvedByUserId: null });

      const approved = await admin.post(`/api/admin/beta-requests/${waiting.id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({
        success: true,
        message: BetaMessages.requestApproved,
        request: { id: waiting.id, status: 'approved', approvedByUserId: adminId },
      });
      expect(
        (await suite.db.query('SELECT approved_by FROM identity.beta_requests WHERE id = $1', [waiting.id])).rows[0]
          .approved_by,
      ).toBe(adminId);
      expect((await verify(email, await betaCodeFor(suite.platform.url, email))).status).toBe(200);

      const event = await expectEventually(async () => {
        const found = (await eventsOn<BetaRequestApprovedV1>(suite.platform.natsUrl, BetaRequestApproved.subject)).find(
          (envelope) => envelope.data.betaRequestId === waiting.id,
        );
        expect(found).toBeDefined();
        return found!;
      });
      expect(event).toMatchObject({
        type: 'BetaRequestApproved',
        version: 1,
        producer: 'identity',
        data: { email, approvedByUserId: adminId },
      });

      const again = await admin.post(`/api/admin/beta-requests/${waiting.id}/approve`);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('BETA_REQUEST_ALREADY_APPROVED');
    } finally {
      await suite.db.query(`DELETE FROM identity.settings WHERE key = 'beta_auto_approve'`);
    }
  });

  it('is for admins only and checks its input', async () => {
    expect((await request(suite.platform.url).get('/api/admin/beta-requests')).status).toBe(401);
    const user = clientAt(suite.platform.url);
    await user.login(TEST_DEMO.username, TEST_DEMO.password);
    const forbidden = await user.get('/api/admin/beta-requests');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(Messages.adminOnly);
    const [anyRequest] = (await suite.db.query(`SELECT id FROM identity.beta_requests LIMIT 1`)).rows;
    expect((await user.post(`/api/admin/beta-requests/${anyRequest.id}/approve`)).status).toBe(403);

    expect((await admin.get('/api/admin/beta-requests?limit=500')).status).toBe(400);
    expect((await admin.get('/api/admin/beta-requests?page=0')).status).toBe(400);
    expect((await admin.get('/api/admin/beta-requests?status=maybe')).status).toBe(400);
    expect((await admin.post('/api/admin/beta-requests/not-an-id/approve')).status).toBe(400);
    const missing = await admin.post('/api/admin/beta-requests/00000000-0000-4000-8000-000000000000/approve');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('BETA_REQUEST_NOT_FOUND');
  });

  it('pages through requests newest first within the bound', async () => {
    const total = Number((await suite.db.query('SELECT count(*) FROM identity.beta_requests')).rows[0].count);
    const first = (await admin.get('/api/admin/beta-requests?page=1&limit=2').expect(200)).body;
    const second = (await admin.get('/api/admin/beta-requests?page=2&limit=2').expect(200)).body;
    expect(first).toMatchObject({ success: true, page: 1, limit: 2, total });
    expect(first.requests).toHaveLength(2);
    expect(Date.parse(first.requests[1].createdAt)).toBeGreaterThanOrEqual(Date.parse(second.requests[0].createdAt));
    expect(second.requests.map((row: { id: string }) => row.id)).not.toContain(first.requests[0].id);
  });
});
