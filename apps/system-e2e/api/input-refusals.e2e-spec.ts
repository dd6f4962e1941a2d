import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { TextInputMessages } from '@copytrade/contracts';
import type { ApiSession } from '../src/support/api-session';
import { clientAt } from '../src/support/identity-flows';
import { startTestPlatform, TEST_ADMIN, TEST_DEMO, type TestPlatform } from '../src/support/test-platform';

/**
 * What a client can send is refused with a clear 4xx and changes nothing (docs/security.md, "Input and logs"):
 * control characters anywhere, invisible characters in trace names; blank optional form fields count as absent.
 */
let platform: TestPlatform;
let db: Client;
let admin: ApiSession;
let demo: ApiSession;
let demoId: string;

beforeAll(async () => {
  // E2E_PORT pins the product's ports (port … port + 6) when several runs share a machine.
  platform = await startTestPlatform('input_refusals', Number(process.env.E2E_PORT) || undefined, { TRUST_PROXY: '1' });
  db = new Client({ connectionString: platform.databaseUrl });
  await db.connect();
  admin = clientAt(platform.url);
  demo = clientAt(platform.url);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  const signedIn = await demo.login(TEST_DEMO.username, TEST_DEMO.password);
  expect(signedIn.status).toBe(200);
  demoId = signedIn.body.user.id;
}, 120_000);

afterAll(async () => {
  await db?.end();
  await platform?.stop();
});

const refusal = (field: string) => ({
  status: 400,
  code: 'VALIDATION_FAILED',
  message: TextInputMessages.controlCharacters(field),
});
const answer = (response: { status: number; body: { code?: string; message?: string } }) => ({
  status: response.status,
  code: response.body.code,
  message: response.body.message,
});
const handle = (label: string) => `${label}_${randomUUID().slice(0, 8)}`;

describe('control characters are a 400 naming the field, wherever they are sent', () => {
  it('in a body: login, forgot-password, username check', async () => {
    const visitor = clientAt(platform.url);
    expect(answer(await visitor.post('/api/login', { username: 'demo\u0000', password: 'x' }))).toEqual(
      refusal('username'),
    );
    expect(answer(await visitor.post('/api/auth/forgot-password', { email: 'a\u0000@example.com' }))).toEqual(
      refusal('email'),
    );
    expect(answer(await visitor.post('/api/check-username', { username: 'esc\u001bape' }))).toEqual(
      refusal('username'),
    );
    // A line break is a control character too where the field is one line.
    expect(answer(await visitor.post('/api/login', { username: 'demo\n', password: 'x' }))).toEqual(
      refusal('username'),
    );
  });

  it('in a query or a path parameter', async () => {
    expect(answer(await demo.get('/api/traces?search=Tech%00'))).toEqual(refusal('search'));
    expect(answer(await demo.get('/api/traces?search=%0A'))).toEqual(refusal('search'));
    expect(answer(await demo.get('/api/traces/abc%00def'))).toEqual(refusal('id'));
  });

  it('multi-line free text keeps its line breaks and tabs, and refuses the other control characters', async () => {
    const kept = await demo.post('/api/feedback/submit', { type: 'bug', message: 'Line one\r\nLine two\tend' });
    expect(kept.status).toBe(200);
    const row = await db.query('SELECT message FROM admin.feedback WHERE id = $1', [kept.body.feedbackId]);
    expect(row.rows[0].message).toBe('Line one\r\nLine two\tend');

    const before = Number((await db.query('SELECT count(*) FROM admin.feedback')).rows[0].count);
    expect(answer(await demo.post('/api/feedback/submit', { type: 'bug', message: 'nul \u0000 here' }))).toEqual(
      refusal('message'),
    );
    // Beside it, a one-line field and a nested one are refused a line break.
    expect(
      answer(await demo.post('/api/feedback/submit', { type: 'bug', message: 'ok', page: '/dashboard\n' })),
    ).toEqual(refusal('page'));
    expect(
      answer(
        await demo.post('/api/feedback/submit', { type: 'bug', message: 'ok', browserInfo: { platform: 'x\u0000' } }),
      ),
    ).toEqual(refusal('browserInfo.platform'));
    expect(Number((await db.query('SELECT count(*) FROM admin.feedback')).rows[0].count)).toBe(before);
  });
});

describe('a blank optional field of a form is absent', () => {
  it('admin create-trace with an empty avatar, description, bio, risk level and minimum', async () => {
    const created = await admin.post('/api/admin/create-trace', {
      name: 'Blank Fields',
      handle: handle('blank'),
      ownerId: demoId,
      avatar: '',
      description: '',
      bio: '',
      riskLevel: '',
      minInvestment: '',
    });
    expect([created.status, created.body.code]).toEqual([200, undefined]);
    const row = await db.query('SELECT avatar_url, risk_level, min_investment FROM traces.traces WHERE id = $1', [
      created.body.trace.id,
    ]);
    expect(row.rows[0]).toEqual({ avatar_url: null, risk_level: 'medium', min_investment: '0.00' });
  });

  it('feedback with an empty e-mail, page and user agent', async () => {
    const sent = await demo.post('/api/feedback/submit', {
      type: 'general',
      message: 'Blank optional fields',
      email: '',
      page: '',
      userAgent: '',
      browserInfo: { language: '', platform: '' },
    });
    expect([sent.status, sent.body.code]).toEqual([200, undefined]);
    const row = await db.query('SELECT page, user_agent FROM admin.feedback WHERE id = $1', [sent.body.feedbackId]);
    expect(row.rows[0]).toEqual({ page: null, user_agent: null });
  });

  it('filters left empty: the audit log and the traces list', async () => {
    const audit = await admin.post('/api/admin/audit-log', { actorUserId: '', action: '' });
    expect([audit.status, audit.body.code]).toEqual([200, undefined]);
    const traces = await demo.get('/api/traces?search=&category=&sortBy=');
    expect([traces.status, traces.body.code]).toEqual([200, undefined]);
  });
});

describe('trace names and handles', () => {
  const invisible = ['\u200b', '\u200c', '\u200d', '\ufeff', '\u2060', '\u202a', '\u202e', '\u2066', '\u2069'];

  it.each(invisible.map((character) => [character.codePointAt(0)!.toString(16).toUpperCase()]))(
    'a name holding U+%s is refused with 400, nothing created',
    async (hex) => {
      const name = `Tech${String.fromCodePoint(parseInt(hex, 16))} Breakouts`;
      const handleTaken = handle('invisible');
      const response = await admin.post('/api/admin/create-trace', { name, handle: handleTaken, ownerId: demoId });
      expect(answer(response)).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: TextInputMessages.invisibleCharacters('name'),
      });
      const rows = await db.query('SELECT 1 FROM traces.traces WHERE handle = $1', [`@${handleTaken}`]);
      expect(rows.rowCount).toBe(0);
    },
  );

  it('names and handles are stored NFKC-folded, and a handle is unique after folding', async () => {
    const ascii = handle('fold');
    const fullWidth = [...`@${ascii}`]
      .map((character) => (character === '_' ? '＿' : String.fromCodePoint(character.codePointAt(0)! + 0xfee0)))
      .join('');
    const created = await admin.post('/api/admin/create-trace', {
      name: 'Ｔｅｃｈ Breakouts',
      handle: fullWidth,
      ownerId: demoId,
    });
    expect([created.status, created.body.code]).toEqual([200, undefined]);
    const row = await db.query('SELECT name, handle FROM traces.traces WHERE id = $1', [created.body.trace.id]);
    expect(row.rows[0]).toEqual({ name: 'Tech Breakouts', handle: `@${ascii}` });
    const again = await admin.post('/api/admin/create-trace', {
      name: 'Tech Breakouts',
      handle: ascii.toUpperCase(),
      ownerId: demoId,
    });
    expect([again.status, again.body.code]).toEqual([409, 'HANDLE_TAKEN']);
  });
});

/** Some of these values are valid for some fields (a search for "12"): the sweep asks only that none is a 5xx. */
describe('malformed-input sweep: no answer is a 5xx', () => {
  const BAD_VALUES: unknown[] = [
    'nul\u0000',
    'bell\u0007',
    '\u001b[31mred',
    'line\nbreak',
    'x'.repeat(20_000),
    '\u202eevil',
    12,
    -1e308,
    true,
    null,
    {},
    [],
    ['a', { b: 1 }],
    { $gt: '' },
  ];
  type Route = {
    method: 'get' | 'post' | 'put';
    path: string;
    body?: Record<string, unknown>;
    as: 'visitor' | 'demo' | 'admin';
  };
  const ROUTES: Route[] = [
    { as: 'visitor', method: 'post', path: '/api/login', body: { username: 'sweep_nobody', password: 'secret' } },
    { as: 'visitor', method: 'post', path: '/api/check-username', body: { username: 'sweep_name' } },
    {
      as: 'visitor',
      method: 'post',
      path: '/api/final-signup',
      body: {
        firstName: 'A',
        lastName: 'B',
        email: 'sweep@example.com',
        username: 'sweep_user',
        password: 'Str0ng-Passw0rd!',
        confirmPassword: 'Str0ng-Passw0rd!',
        phoneNumber: '5550001111',
        occupation: 'x',
        annualIncome: 'x',
      },
    },
    { as: 'visitor', method: 'post', path: '/api/auth/forgot-password', body: { email: 'sweep@example.com' } },
    {
      as: 'demo',
      method: 'get',
      path: '/api/traces',
      body: { search: 'Tech', category: 'stocks', sortBy: 'followers' },
    },
    { as: 'demo', method: 'post', path: '/api/feedback/submit', body: { type: 'bug', message: 'sweep', page: '/x' } },
    {
      as: 'admin',
      method: 'post',
      path: '/api/admin/create-trace',
      body: { name: 'Sweep', handle: 'sweep_handle', ownerId: randomUUID(), avatar: '/a.png', description: 'd' },
    },
    {
      as: 'demo',
      method: 'post',
      path: '/api/snaptrade/copy-trade',
      body: { userId: randomUUID(), tradeId: randomUUID(), accountId: 'acc', copyAmount: 10, optionType: 'call' },
    },
    {
      as: 'demo',
      method: 'post',
      path: '/api/update-copy-settings',
      body: { copyTradingEnabled: true, defaultCopyAmount: 100, maxCopyAmount: 200 },
    },
    {
      as: 'demo',
      method: 'put',
      path: '/api/user/notification-preferences',
      body: { emailNotifications: true, notifyOnTradeShared: false },
    },
  ];

  it('each field of each route, given each malformed value', async () => {
    const sessions = { visitor: clientAt(platform.url), demo, admin };
    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const field of Object.keys(route.body ?? {})) {
        for (const value of BAD_VALUES) {
          const body = { ...route.body, [field]: value };
          const session = sessions[route.as];
          const response =
            route.method === 'get'
              ? await session
                  .get(route.path)
                  .query({ [field]: typeof value === 'string' ? value : JSON.stringify(value) })
              : await session.send(route.method, route.path, body, {
                  'content-type': 'application/json',
                  'x-request-id': `sweep-${randomUUID()}`,
                });
          if (response.status >= 500)
            failures.push(
              `${route.method} ${route.path} ${field}=${JSON.stringify(value).slice(0, 40)} → ${response.status}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
