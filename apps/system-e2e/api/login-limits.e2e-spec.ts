import { expectEventually } from '@copytrade/testing';
import { clientAt, mailsTo, signUp, STRONG_PASSWORD } from '../src/support/identity-flows';
import { TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * Login limits through the gateway (docs/security.md#login-limits): an address that keeps failing on an account is
 * stopped (429), the account itself is only slowed down, so its owner still signs in from an address that has not
 * failed, and a password reset works meanwhile. The gateway trusts one proxy here, so X-Forwarded-For sets the
 * client address.
 */
const suite = useTestPlatform('login-limits', { TRUST_PROXY: '1', PUBLIC_URL: 'https://copytrade.test' });

const NEW_PASSWORD = 'N3w-Passw0rd!';
const loginFrom = (address: string, username: string, password: string) =>
  clientAt(suite.platform.url, address).post('/api/login', { username, password });

async function newUser() {
  const { form, response } = await signUp(clientAt(suite.platform.url));
  expect(response.status).toBe(200);
  return { email: form.email, username: form.username };
}

it('5 wrong passwords from address A, then the right one from address B: 200; A itself gets 429', async () => {
  const user = await newUser();
  for (let index = 0; index < 5; index += 1)
    expect((await loginFrom('198.51.100.1', user.username, 'wrong-password-1')).status).toBe(401);

  const fromA = await loginFrom('198.51.100.1', user.username, STRONG_PASSWORD);
  expect(fromA.status).toBe(429);
  expect(Number(fromA.headers['retry-after'])).toBeGreaterThan(0);
  const fromB = await loginFrom('198.51.100.2', user.email, STRONG_PASSWORD);
  expect(fromB.status).toBe(200);
  expect(fromB.body.user.username).toBe(user.username);
});

it('100 parallel wrong passwords from one address get at most 5 password checks; the rest are 429', async () => {
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      // By username and by e-mail: one account, one counter.
      loginFrom('192.0.2.1', index % 2 ? TEST_DEMO.username : TEST_DEMO.email, 'wrong-password-1'),
    ),
  );
  const checked = answers.filter((answer) => answer.status === 401);
  expect(checked.length).toBeLessThanOrEqual(5);
  expect(checked.every((answer) => answer.body.code === 'INVALID_CREDENTIALS')).toBe(true);
  expect(answers.filter((answer) => answer.status === 429)).toHaveLength(100 - checked.length);
  // The owner, from another address, is not locked out.
  expect((await loginFrom('192.0.2.2', TEST_DEMO.username, TEST_DEMO.password)).status).toBe(200);
}, 60_000);

it('a password reset works while the account is slowed down, and the new password signs in', async () => {
  const user = await newUser();
  // Failures from several addresses, past the account's free ones: the addresses that failed are now slowed down.
  for (const address of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.3', '203.0.113.3'])
    await loginFrom(address, user.username, 'wrong-password-1');
  expect((await loginFrom('203.0.113.1', user.username, STRONG_PASSWORD)).status).toBe(429);

  const api = clientAt(suite.platform.url);
  expect((await api.post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
  const token = await expectEventually(async () => {
    const mail = (await mailsTo(suite.platform.url, user.email)).find((each) => each.subject.includes('password'));
    const found = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(found).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return found!;
  });
  const reset = await api.post('/api/auth/reset-password', {
    token,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  expect(reset.status).toBe(200);
  expect((await loginFrom('203.0.113.9', user.username, NEW_PASSWORD)).status).toBe(200);
});
