import { Messages, PASSWORD_RULES, PasswordRules } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { createHash } from 'node:crypto';
import { clientAt, mailsTo, newEmail, signUp, STRONG_PASSWORD } from '../src/support/identity-flows';
import { useTestPlatform } from '../src/support/test-platform';

const NEW_PASSWORD = 'N3w-Passw0rd!';
const suite = useTestPlatform('reset', { TRUST_PROXY: '1', PUBLIC_URL: 'https://copytrade.test' });

/** A fresh user, so each test has its own per-e-mail limit and password. */
async function newUser() {
  const { form, response } = await signUp(clientAt(suite.platform.url));
  expect(response.status).toBe(200);
  return { email: form.email, username: form.username, id: response.body.user.id as string };
}

const forgot = (email: string, api = clientAt(suite.platform.url)) => api.post('/api/auth/forgot-password', { email });
const reset = (body: object, api = clientAt(suite.platform.url)) => api.post('/api/auth/reset-password', body);

/** Asks for a link and returns its token, read from the mailed link (the mail is sent after the answer). */
async function resetToken(email: string): Promise<string> {
  const before = (await mailsTo(suite.platform.url, email)).filter((mail) => mail.subject.includes('password')).length;
  expect((await forgot(email)).status).toBe(200);
  return expectEventually(async () => {
    const mails = (await mailsTo(suite.platform.url, email)).filter((mail) => mail.subject.includes('password'));
    expect(mails.length).toBeGreaterThan(before);
    const token = /https:\/\/copytrade\.test\/auth\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
      mails[0]!.text,
    )?.[1];
    expect(token).toBeDefined();
    return token!;
  });
}

describe('forgot-password', () => {
  it('validates the address with the documented messages', async () => {
    expect((await clientAt(suite.platform.url).post('/api/auth/forgot-password', {})).body.message).toBe(
      'Email address is required',
    );
    const malformed = await forgot('nobody-at-example');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Please enter a valid email address');
  });

  it('answers an unknown address exactly like a known one, and mails a link (token stored hashed) only to the known one', async () => {
    const user = await newUser();
    const unknown = newEmail('nobody');
    const known = await forgot(user.email.toUpperCase());
    const missing = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: Messages.passwordResetRequested });
    expect(missing.body).toEqual(known.body);

    const token = await resetToken(user.email);
    const stored = (
      await suite.db.query(
        'SELECT token_hash FROM identity.password_resets WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
        [user.id],
      )
    ).rows[0];
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(await mailsTo(suite.platform.url, unknown)).toEqual([]);
  });

  it('limits requests per e-mail and per client address with 429 and the documented message', async () => {
    const email = newEmail('limited');
    const perEmail: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) perEmail.push((await forgot(email)).status);
    expect(perEmail).toEqual([200, 200, 200, 429]);

    const api = clientAt(suite.platform.url);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await forgot(newEmail('spray'), api)).status).toBe(200);
    const refused = await forgot(newEmail('spray'), api);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
  });
});

describe('reset-password', () => {
  it('sets the new password once: only it signs in afterwards, and every earlier session ends', async () => {
    const user = await newUser();
    const earlier = clientAt(suite.platform.url);
    await earlier.login(user.username, STRONG_PASSWORD);
    const token = await resetToken(user.email);

    const done = await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: Messages.passwordResetDone });
    expect((await earlier.get('/api/verify-token')).status).toBe(401);
    expect((await clientAt(suite.platform.url).login(user.username, STRONG_PASSWORD)).status).toBe(401);
    expect((await clientAt(suite.platform.url).login(user.email, NEW_PASSWORD)).status).toBe(200);

    const reused = await reset({ token, newPassword: 'An0ther-Passw0rd!', confirmPassword: 'An0ther-Passw0rd!' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: Messages.resetTokenInvalid });
    expect((await clientAt(suite.platform.url).login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('checks the token is present, then each password rule with its own message, then the token itself; nothing changes', async () => {
    const user = await newUser();
    const token = await resetToken(user.email);
    const api = clientAt(suite.platform.url);
    const message = async (body: object) => {
      const response = await reset(body, api);
      expect(response.status).toBe(400);
      return response.body.message as string;
    };
    expect(await message({ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toBe(
      Messages.resetTokenMissing,
    );
    expect(await message({ token: '', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toBe(
      Messages.resetTokenMissing,
    );
    const weak = ['Ab1!', 'ABCDEFG1!', 'abcdefg1!', 'Abcdefgh!', 'Abcdefgh1'];
    for (const [index, password] of weak.entries()) {
      expect(await message({ token, newPassword: password, confirmPassword: password })).toBe(
        PASSWORD_RULES[index]!.message,
      );
    }
    expect(await message({ token, newPassword: NEW_PASSWORD, confirmPassword: 'N3w-Passw0rd?' })).toBe(
      PasswordRules.mismatchMessage,
    );
    expect(await message({ token: 'not-a-real-token', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toBe(
      Messages.resetTokenInvalid,
    );
    expect((await clientAt(suite.platform.url).login(user.username, STRONG_PASSWORD)).status).toBe(200);
    // The token survived the refused attempts.
    expect((await reset({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses an expired link, and an earlier link once a newer one was asked for', async () => {
    const user = await newUser();
    const expired = await resetToken(user.email);
    await suite.db.query(
      `UPDATE identity.password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [createHash('sha256').update(expired).digest('hex')],
    );
    expect((await reset({ token: expired, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).body.code).toBe(
      'RESET_TOKEN_INVALID',
    );

    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect((await reset({ token: older, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await reset({ token: newer, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it('limits attempts per client address with 429', async () => {
    const api = clientAt(suite.platform.url);
    const body = { token: 'guess', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await reset(body, api)).status).toBe(400);
    const refused = await reset(body, api);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please try again later.');
  });
});
