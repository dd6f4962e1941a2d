import {
  BetaMessages,
  PASSWORD_RULES,
  PasswordRules,
  SignupMessages,
  UserRegistered,
  type SignupForm,
  type UserRegisteredV1,
} from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import request from 'supertest';
import {
  clientAt,
  eventsOn,
  newEmail,
  signUp,
  signupForm,
  STRONG_PASSWORD,
  verifyBetaAccess,
} from '../src/support/identity-flows';
import { TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

const MAX_USERS = 4;
const suite = useTestPlatform('signup', { TRUST_PROXY: '1', BETA_MAX_USERS: String(MAX_USERS) });

const userCount = async () => Number((await suite.db.query('SELECT count(*) FROM identity.users')).rows[0].count);
const seatsTaken = async () =>
  (await suite.db.query('SELECT registered_count FROM identity.beta_capacity')).rows[0].registered_count as number;

describe('username and phone availability', () => {
  it('checks usernames case-insensitively', async () => {
    const api = clientAt(suite.platform.url);
    expect((await api.post('/api/check-username', { username: 'DeMo' })).body).toEqual({
      success: true,
      available: false,
      message: SignupMessages.usernameTaken,
    });
    expect((await api.post('/api/check-username', { username: 'fresh_name' })).body).toEqual({
      success: true,
      available: true,
      message: SignupMessages.usernameAvailable,
    });
    expect((await api.post('/api/check-username', { username: 'bad name!' })).body).toEqual({
      success: true,
      available: false,
      message: SignupMessages.usernameInvalid,
    });
    const short = await api.post('/api/check-username', { username: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(SignupMessages.usernameTooShort);
  });

  it('checks phone numbers as digits, however they are written', async () => {
    const api = clientAt(suite.platform.url);
    const { response } = await signUp(api, { phoneNumber: '+1 (555) 010-7788' });
    expect(response.status).toBe(200);
    expect((await api.post('/api/check-phone', { phoneNumber: '15550107788' })).body).toEqual({
      success: true,
      available: false,
      message: SignupMessages.phoneTaken,
    });
    expect((await api.post('/api/check-phone', { phoneNumber: '1-555-010-7789' })).body).toEqual({
      success: true,
      available: true,
      message: SignupMessages.phoneAvailable,
    });
    const short = await api.post('/api/check-phone', { phoneNumber: '555-12' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(SignupMessages.phoneInvalid);
  });

  it('limits checks per client address with 429', async () => {
    const api = clientAt(suite.platform.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      const path = attempt % 2 ? '/api/check-phone' : '/api/check-username';
      statuses.push(
        (await api.post(path, attempt % 2 ? { phoneNumber: '5550001111' } : { username: 'someone' })).status,
      );
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('final-signup', () => {
  it('creates a beta user, signs them in like a login, counts the seat and publishes UserRegistered', async () => {
    const seatsBefore = await seatsTaken();
    const api = clientAt(suite.platform.url);
    const { form, response } = await signUp(api, { email: newEmail('Mixed.Case').toUpperCase() });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Account created successfully',
      user: {
        username: form.username,
        email: form.email.toLowerCase(),
        firstName: 'Ada',
        lastName: 'Lovelace',
        isAdmin: false,
        hasCompletedOnboarding: false,
      },
    });
    const cookies = (response.headers['set-cookie'] as unknown as string[]).join(';');
    expect(cookies).toMatch(/ct_session=.+HttpOnly/);
    expect((await api.get('/api/verify-token').expect(200)).body.user.id).toBe(response.body.user.id);

    const row = (
      await suite.db.query(
        'SELECT is_beta_user, phone_number, annual_income, password_hash FROM identity.users WHERE id = $1',
        [response.body.user.id],
      )
    ).rows[0];
    expect(row).toMatchObject({
      is_beta_user: true,
      phone_number: form.phoneNumber.replace(/\D/g, ''),
      annual_income: form.annualIncome,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await seatsTaken()).toBe(seatsBefore + 1);
    expect((await request(suite.platform.url).get('/api/auth/beta-status')).body.currentCount).toBe(seatsBefore + 1);

    const event = await expectEventually(async () => {
      const found = (await eventsOn<UserRegisteredV1>(suite.platform.natsUrl, UserRegistered.subject)).find(
        (envelope) => envelope.data.userId === response.body.user.id,
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(event).toMatchObject({
      type: 'UserRegistered',
      version: 1,
      producer: 'identity',
      data: { username: form.username, email: form.email.toLowerCase() },
    });
    expect(JSON.stringify(event)).not.toContain(STRONG_PASSWORD);
  });

  it('enforces every rule of the form with the documented messages, in order, and creates nothing', async () => {
    const api = clientAt(suite.platform.url);
    const usersBefore = await userCount();
    const refusal = async (overrides: Partial<Record<keyof SignupForm, unknown>>, omit?: keyof SignupForm) => {
      const form: Record<string, unknown> = { ...signupForm(), ...overrides };
      if (omit) delete form[omit];
      const response = await api.post('/api/final-signup', form);
      expect(response.status).toBe(400);
      return response.body as { message: string; details?: { passwordErrors?: string[] } };
    };
    for (const field of [
      'firstName',
      'lastName',
      'email',
      'username',
      'password',
      'confirmPassword',
      'phoneNumber',
      'occupation',
      'annualIncome',
    ] as const) {
      expect((await refusal({}, field)).message).toBe(SignupMessages.fillAllFields);
      expect((await refusal({ [field]: '   ' })).message).toBe(SignupMessages.fillAllFields);
    }
    expect((await refusal({ occupation: 42 })).message).toBe(SignupMessages.fillAllFields);
    // Empty fields come before password errors.
    expect((await refusal({ firstName: '', password: 'weak' })).message).toBe(SignupMessages.fillAllFields);

    const weak = {
      short: 'Ab1!',
      lowercase: 'ABCDEFG1!',
      uppercase: 'abcdefg1!',
      digit: 'Abcdefgh!',
      special: 'Abcdefgh1',
    };
    for (const [index, password] of Object.values(weak).entries()) {
      const body = await refusal({ password, confirmPassword: password });
      expect(body.message).toBe(SignupMessages.fixPasswordErrors);
      expect(body.details?.passwordErrors).toContain(PASSWORD_RULES[index]!.message);
    }
    const mismatch = await refusal({ confirmPassword: `${STRONG_PASSWORD}x` });
    expect(mismatch).toMatchObject({
      message: SignupMessages.fixPasswordErrors,
      details: { passwordErrors: [PasswordRules.mismatchMessage] },
    });

    expect((await refusal({ email: 'not-an-email' })).message).toBe('Please enter a valid email address');
    expect((await refusal({ username: 'ab' })).message).toBe(SignupMessages.usernameTooShort);
    expect((await refusal({ username: 'has space' })).message).toBe(SignupMessages.usernameInvalid);
    expect((await refusal({ username: 'me@example' })).message).toBe(SignupMessages.usernameInvalid);
    expect((await refusal({ phoneNumber: '555 123' })).message).toBe(SignupMessages.phoneInvalid);
    expect((await refusal({ annualIncome: 'A lot' })).message).toBe(SignupMessages.annualIncomeInvalid);
    expect((await refusal({ lastName: 'x'.repeat(101) })).message).toBe(SignupMessages.textTooLong);
    expect((await api.post('/api/final-signup', { ...signupForm(), isAdmin: true })).status).toBe(400);
    expect(await userCount()).toBe(usersBefore);
  });

  it('requires a beta code verified for that very address, recently', async () => {
    const api = clientAt(suite.platform.url);
    const unverified = await api.post('/api/final-signup', signupForm());
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({
      code: 'BETA_VERIFICATION_REQUIRED',
      message: BetaMessages.verificationRequired,
    });

    const verified = newEmail('verified');
    await verifyBetaAccess(api, verified);
    expect((await api.post('/api/final-signup', signupForm({ email: newEmail('other') }))).status).toBe(403);

    await suite.db.query(`UPDATE identity.beta_codes SET verified_at = now() - interval '2 hours' WHERE email = $1`, [
      verified,
    ]);
    expect((await api.post('/api/final-signup', signupForm({ email: verified }))).status).toBe(403);
    expect(
      (await suite.db.query('SELECT count(*)::int AS n FROM identity.users WHERE email = $1', [verified])).rows[0].n,
    ).toBe(0);
  });

  it('refuses a taken username, phone or e-mail with 409 and keeps the verification for a corrected attempt', async () => {
    const first = await signUp(clientAt(suite.platform.url), { phoneNumber: '555-222-3344' });
    expect(first.response.status).toBe(200);
    const api = clientAt(suite.platform.url);
    const email = newEmail('second');
    await verifyBetaAccess(api, email);
    const seatsBefore = await seatsTaken();

    const username = await api.post(
      '/api/final-signup',
      signupForm({ email, username: first.form.username.toUpperCase() }),
    );
    expect(username.status).toBe(409);
    expect(username.body).toMatchObject({ code: 'USERNAME_TAKEN', message: SignupMessages.chooseAvailableUsername });
    const phone = await api.post('/api/final-signup', signupForm({ email, phoneNumber: '(555) 222 3344' }));
    expect(phone.status).toBe(409);
    expect(phone.body).toMatchObject({ code: 'PHONE_TAKEN', message: SignupMessages.useUniquePhone });
    const taken = await api.post('/api/final-signup', signupForm({ email: TEST_DEMO.email.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', message: SignupMessages.emailTaken });
    expect(await seatsTaken()).toBe(seatsBefore);

    expect((await api.post('/api/final-signup', signupForm({ email }))).status).toBe(200);
    // The code was used by that signup: it cannot create a second account.
    await suite.db.query('DELETE FROM identity.users WHERE email = $1', [email]);
    expect((await api.post('/api/final-signup', signupForm({ email }))).status).toBe(403);
  });

  it('two signups racing for the last seat: exactly one wins, the other gets 403 and the beta is full', async () => {
    await suite.db.query('UPDATE identity.beta_capacity SET registered_count = $1', [MAX_USERS - 1]);
    const [alice, bob] = [clientAt(suite.platform.url), clientAt(suite.platform.url)];
    const forms = [signupForm({ email: newEmail('alice') }), signupForm({ email: newEmail('bob') })];
    await verifyBetaAccess(alice, forms[0]!.email);
    await verifyBetaAccess(bob, forms[1]!.email);

    const responses = await Promise.all([
      alice.post('/api/final-signup', forms[0]!),
      bob.post('/api/final-signup', forms[1]!),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 403]);
    expect(responses.find((response) => response.status === 403)!.body).toMatchObject({
      code: 'BETA_FULL',
      message: BetaMessages.betaFull,
    });
    const created = await suite.db.query('SELECT count(*)::int AS n FROM identity.users WHERE email = ANY($1)', [
      forms.map((form) => form.email),
    ]);
    expect(created.rows[0].n).toBe(1);
    expect((await request(suite.platform.url).get('/api/auth/beta-status')).body).toEqual({
      currentCount: MAX_USERS,
      maxCount: MAX_USERS,
    });

    // Full: a new request is answered as usual but no code is issued.
    const lateEmail = newEmail('late');
    expect((await clientAt(suite.platform.url).post('/api/send-beta-code', { email: lateEmail })).status).toBe(200);
    expect(
      (await suite.db.query('SELECT count(*)::int AS n FROM identity.beta_codes WHERE email = $1', [lateEmail])).rows[0]
        .n,
    ).toBe(0);
  });
});
