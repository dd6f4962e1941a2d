import { FeedbackMessages, Messages } from '@copytrade/contracts';
import request from 'supertest';
import type { ApiSession } from '../src/support/api-session';
import { clientAt } from '../src/support/identity-flows';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

const suite = useTestPlatform('feedback', { TRUST_PROXY: '1' });
let demo: ApiSession;
let demoId: string;

beforeAll(async () => {
  demo = clientAt(suite.platform.url);
  demoId = (await demo.login(TEST_DEMO.username, TEST_DEMO.password)).body.user.id;
});

const browserInfo = {
  language: 'en-US',
  platform: 'Linux x86_64',
  userAgent: 'Mozilla/5.0',
  cookieEnabled: true,
  onLine: true,
  screen: { width: 1920, height: 1080, colorDepth: 24 },
  window: { innerWidth: 1280, innerHeight: 720 },
};
const feedback = {
  type: 'bug',
  message: 'The chart does not load.',
  email: 'someone-else@example.com',
  page: '/dashboard',
  userAgent: 'Mozilla/5.0',
  browserInfo,
};

describe('feedback', () => {
  it("is stored as open with the signed-in user's own e-mail, whatever the form says", async () => {
    const response = await demo.post('/api/feedback/submit', feedback);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      feedbackId: expect.any(String),
      message: FeedbackMessages.received,
    });
    const row = (await suite.db.query('SELECT * FROM admin.feedback WHERE id = $1', [response.body.feedbackId]))
      .rows[0];
    expect(row).toMatchObject({
      user_id: demoId,
      type: 'bug',
      status: 'open',
      priority: 'medium',
      message: feedback.message,
      email: TEST_DEMO.email,
      page: '/dashboard',
      user_agent: 'Mozilla/5.0',
      browser_info: browserInfo,
    });
  });

  it('validates type and message with clear messages and stores nothing for bad input', async () => {
    const before = Number((await suite.db.query('SELECT count(*) FROM admin.feedback')).rows[0].count);
    const message = async (body: object) => {
      const response = await demo.post('/api/feedback/submit', body);
      expect(response.status).toBe(400);
      return response.body.message as string;
    };
    expect(await message({ ...feedback, type: undefined })).toBe(FeedbackMessages.typeRequired);
    expect(await message({ ...feedback, type: 'praise' })).toBe(FeedbackMessages.typeInvalid);
    expect(await message({ ...feedback, message: '   ' })).toBe(FeedbackMessages.messageRequired);
    expect(await message({ ...feedback, message: 'x'.repeat(5001) })).toBe(FeedbackMessages.messageTooLong);
    expect(await message({ ...feedback, browserInfo: { ...browserInfo, screen: { width: 'wide' } } })).toBe(
      'width must be a whole number (0 or more)',
    );
    expect(await message({ ...feedback, browserInfo: { ...browserInfo, cookies: 'a=b' } })).toMatch(/cookies/);
    for (const type of ['feature', 'improvement', 'general', 'other'])
      expect((await demo.post('/api/feedback/submit', { type, message: 'ok' })).status).toBe(200);
    expect(Number((await suite.db.query('SELECT count(*) FROM admin.feedback')).rows[0].count)).toBe(before + 4);
  });

  it('is for signed-in users only', async () => {
    const visitor = clientAt(suite.platform.url);
    expect((await visitor.post('/api/feedback/submit', feedback)).status).toBe(401);
  });
});

describe('debug log', () => {
  it('accepts a bounded entry from a signed-in user only', async () => {
    expect((await clientAt(suite.platform.url).post('/api/debug/log', { label: 'x' })).status).toBe(401);
    expect((await demo.post('/api/debug/log', { label: 'checkout', data: { step: 2, ok: true } })).body).toEqual({
      success: true,
      message: 'Logged',
    });
    const tooLarge = await demo.post('/api/debug/log', { label: 'big', data: 'x'.repeat(9000) });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe(Messages.debugLogTooLarge);
    expect((await demo.post('/api/debug/log', { data: {} })).status).toBe(400);
  });

  it('limits entries per user with 429, without affecting other users', async () => {
    const admin = clientAt(suite.platform.url);
    await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const statuses: number[] = [];
    for (let entry = 0; entry < 31; entry += 1)
      statuses.push((await admin.post('/api/debug/log', { label: `entry ${entry}` })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await demo.post('/api/debug/log', { label: 'still fine' })).status).toBe(200);
  });
});

describe('development mailbox', () => {
  it('is readable without a session outside production and checks its query', async () => {
    expect((await request(suite.platform.url).get('/api/dev/mail').expect(200)).body).toEqual({
      success: true,
      mails: expect.any(Array),
    });
    expect(
      (
        await request(suite.platform.url)
          .get('/api/dev/mail')
          .query({ to: `${'x'.repeat(260)}@example.com` })
      ).status,
    ).toBe(400);
  });
});
