import { randomUUID } from 'node:crypto';
import { OwnerProfileMessages, PRIVACY_DEFAULTS, TracesMessages } from '@copytrade/contracts';
import sharp from 'sharp';
import type { ApiSession } from '../src/support/api-session';
import { clientAt, signUp } from '../src/support/identity-flows';
import { TEST_ADMIN, TEST_DEMO, useTestPlatform } from '../src/support/test-platform';

/**
 * The trace owner's profile calls through the gateway against the started product: every path as signed out,
 * a non-owner, an admin who does not own the trace and the owner; the owner's data, profile and privacy round
 * trips, posts and their visibility on the trace page, the integration, and the avatar (5 MB → 413, not an image
 * by its bytes → 415, EXIF GPS removed, served with caching headers, deleted).
 */
const suite = useTestPlatform('trace_owner_profile');
let admin: ApiSession;
let demo: ApiSession;
let owner: ApiSession;
let ownerId: string;
let ownerEmail: string;
let traceId: string;

const GPS_POINTER = Buffer.from([0x25, 0x88]);

async function jpegWithGps(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6f4e' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'owner-home-address' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 44/1 5400/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 59/1 0/1',
      },
    })
    .toBuffer();
}

/** A multipart upload through the session (cookies and CSRF token). */
async function upload(api: ApiSession, path: string, bytes: Buffer, filename: string, field = 'avatar') {
  const token = await api.refreshCsrf();
  return api.agent.post(path).set('x-csrf-token', token).attach(field, bytes, { filename });
}

beforeAll(async () => {
  admin = clientAt(suite.platform.url);
  demo = clientAt(suite.platform.url);
  owner = clientAt(suite.platform.url);
  await admin.login(TEST_ADMIN.username, TEST_ADMIN.password);
  await demo.login(TEST_DEMO.username, TEST_DEMO.password);
  const signedUp = await signUp(owner);
  ownerId = signedUp.response.body.user.id;
  ownerEmail = signedUp.response.body.user.email;
  const created = await admin.post('/api/admin/create-trace', {
    name: 'Owner Profile Trace',
    handle: `op_${randomUUID().slice(0, 8)}`,
    ownerId,
  });
  expect(created.status).toBe(200);
  traceId = created.body.trace.id;
});

type Method = 'get' | 'put' | 'post' | 'delete';
const PATHS: Array<[Method, string, object | undefined]> = [
  ['get', '', undefined],
  ['get', '/integration', undefined],
  ['put', '/profile', { name: 'Taken Over', handle: 'taken_over' }],
  ['put', '/privacy', { allowCopying: false }],
  ['post', '/posts', { title: 'Not mine', content: 'Not mine' }],
  ['put', `/posts/${randomUUID()}`, { title: 'Not mine' }],
  ['delete', `/posts/${randomUUID()}`, undefined],
  ['delete', '/avatar', undefined],
];

describe('every owner path is for the owner only', () => {
  it.each(PATHS)(
    '%s /api/trace-owner/{id}%s: 401 signed out, 403 for a non-owner and an admin non-owner',
    async (method, suffix, body) => {
      const path = `/api/trace-owner/${traceId}${suffix}`;
      const signedOut = clientAt(suite.platform.url);
      expect((await signedOut.send(method, path, body)).status).toBe(401);
      for (const intruder of [demo, admin]) {
        const refused = await intruder.send(method, path, body);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          success: false,
          code: 'NOT_TRACE_OWNER',
          message: TracesMessages.notTraceOwner,
        });
      }
    },
  );

  it('POST …/avatar: 401 signed out, 403 for a non-owner and an admin non-owner, before the image is read', async () => {
    const path = `/api/trace-owner/${traceId}/avatar`;
    const image = await jpegWithGps();
    expect((await upload(clientAt(suite.platform.url), path, image, 'a.jpg')).status).toBe(401);
    for (const intruder of [demo, admin]) {
      const refused = await upload(intruder, path, image, 'a.jpg');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('NOT_TRACE_OWNER');
    }
    expect((await owner.get(`/api/traces/${traceId}`)).body.trace.avatar).toBeNull();
  });

  it('nothing was changed by the refused calls; an unknown trace is 404 for everyone', async () => {
    const data = await owner.get(`/api/trace-owner/${traceId}`).expect(200);
    expect(data.body.trace).toMatchObject({ name: 'Owner Profile Trace', allowCopying: true });
    expect(data.body.posts).toEqual([]);
    const unknown = await owner.get(`/api/trace-owner/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('TRACE_NOT_FOUND');
    expect((await owner.get('/api/trace-owner/not-a-uuid')).status).toBe(400);
  });
});

describe("the owner's data, profile and privacy", () => {
  it("answers the owner trace data with the owner's own e-mail and the beta's zero revenue", async () => {
    const response = await owner.get(`/api/trace-owner/${traceId}`).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      trace: { id: traceId, ...PRIVACY_DEFAULTS, avatar: null, subscriberCount: 0 },
      owner: { email: ownerEmail, brokerageConnected: false, snaptradeUserId: null },
      analytics: { totalRevenue: 0, monthlyRevenue: 0, revenueNote: OwnerProfileMessages.betaRevenue },
    });
    expect(response.body.subscriptionTiers.map((tier: { name: string }) => tier.name)).toEqual([
      'free',
      'basic',
      'premium',
      'vip',
    ]);
  });

  it('a subscriber shows in the analytics at once', async () => {
    const tiers = (await demo.get(`/api/traces/${traceId}/tiers`)).body.tiers as Array<{ id: string; name: string }>;
    const demoId = (await demo.get('/api/verify-token')).body.user.id;
    expect((await demo.post('/api/subscribe', { userId: demoId, traceId, tierId: tiers[2].id })).status).toBe(200);
    const { analytics } = (await owner.get(`/api/trace-owner/${traceId}`)).body;
    expect(analytics).toMatchObject({
      subscriberGrowth: 100,
      potentialMonthlyRevenue: 49.99,
      newSubscribersLast30Days: 1,
    });
    expect(analytics.recentSubscribers).toEqual([
      { userId: demoId, username: TEST_DEMO.username, tier: 'premium', subscribedAt: expect.any(String) },
    ]);
  });

  it('refuses a bad profile with a clear 400 and stores a good one, read back by the next GET', async () => {
    const path = `/api/trace-owner/${traceId}/profile`;
    const base = { name: 'Renamed Trace', handle: 'renamed_trace' };
    const bad: Array<[object, string]> = [
      [{ handle: 'renamed_trace' }, 'name is required'],
      [{ name: 'Renamed Trace' }, 'handle is required'],
      [{ ...base, name: 'n'.repeat(81) }, 'name must be at most 80 characters'],
      [{ ...base, handle: 'x' }, 'handle must be 3 to 30 letters, digits or underscores, optionally starting with @'],
      [{ ...base, riskLevel: 'extreme' }, 'riskLevel must be low, medium or high'],
      [{ ...base, tradingStyle: ['options', 'astrology'] }, 'tradingStyle values must be among:'],
      [{ ...base, minInvestment: 'lots' }, 'minInvestment must be a number'],
      [{ ...base, minInvestment: -5 }, 'minInvestment must be 0 or more'],
      [{ ...base, unknownField: 1 }, 'property unknownField should not exist'],
    ];
    for (const [body, message] of bad) {
      const refused = await owner.put(path, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    const other = await admin.post('/api/admin/create-trace', { name: 'Other', handle: 'other_handle_op', ownerId });
    expect(other.status).toBe(200);
    const clash = await owner.put(path, { ...base, handle: '@Other_Handle_OP' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(TracesMessages.handleTaken);

    const saved = await owner.put(path, {
      ...base,
      description: 'Options income',
      bio: 'Former market maker',
      tradingStyle: ['options', 'etfs'],
      riskLevel: 'low',
      minInvestment: '2500',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(OwnerProfileMessages.profileUpdated);
    const expected = {
      name: 'Renamed Trace',
      handle: '@renamed_trace',
      description: 'Options income',
      bio: 'Former market maker',
      tradingStyle: ['options', 'etfs'],
      riskLevel: 'low',
      minInvestment: 2500,
    };
    expect((await owner.get(`/api/trace-owner/${traceId}`)).body.trace).toMatchObject(expected);
    expect((await demo.get(`/api/traces/${traceId}`)).body.trace).toMatchObject(expected);
    await owner.put(path, base);
    expect((await owner.get(`/api/trace-owner/${traceId}`)).body.trace).toMatchObject({
      riskLevel: 'medium',
      minInvestment: 1000,
      tradingStyle: [],
    });
  });

  it('privacy: defaults, a change read back, a 400 for a bad value', async () => {
    const path = `/api/trace-owner/${traceId}/privacy`;
    const refused = await owner.put(path, { defaultSharingTier: 'gold' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('defaultSharingTier must be one of: free, basic, premium, vip');
    expect((await owner.put(path, { allowComments: 'yes' })).body.message).toBe('allowComments must be true or false');
    const changed = {
      allowComments: false,
      allowCopying: false,
      autoShareProfitableTrades: true,
      defaultSharingTier: 'basic',
      publicProfile: false,
    };
    const saved = await owner.put(path, changed);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(OwnerProfileMessages.privacyUpdated);
    expect((await owner.get(`/api/trace-owner/${traceId}`)).body.trace).toMatchObject(changed);
  });

  it('integration: nothing before registering; the paper connection and its account after', async () => {
    const path = `/api/trace-owner/${traceId}/integration`;
    expect((await owner.get(path).expect(200)).body.integration).toEqual({
      hasSnaptradeConnection: false,
      snaptradeUserId: null,
      connections: [],
      accounts: [],
    });
    const registered = await owner.post('/api/snaptrade/register-user', { userId: ownerId });
    expect(registered.status).toBe(200);
    const empty = (await owner.get(path).expect(200)).body.integration;
    expect(empty).toMatchObject({ hasSnaptradeConnection: false, snaptradeUserId: registered.body.snaptradeUserId });
    const portal = await owner.post('/api/snaptrade/connection-portal', { userId: ownerId });
    const sessionId = (portal.body.connectionUrl as string).split('/').pop()!;
    expect((await owner.post(`/api/paper/portal/${sessionId}/connect`)).status).toBe(200);
    const linked = (await owner.get(path).expect(200)).body.integration;
    expect(linked.hasSnaptradeConnection).toBe(true);
    expect(linked.connections[0]).toMatchObject({ status: 'CONNECTED', user: { id: ownerId, email: ownerEmail } });
    expect(linked.accounts.length).toBeGreaterThan(0);
    expect(linked.accounts[0].balance.total).toMatchObject({ currency: 'USD' });
  });
});

describe('posts', () => {
  it('create, edit, delete; the trace page shows public posts to everyone and the rest to subscribers', async () => {
    const path = `/api/trace-owner/${traceId}/posts`;
    expect((await owner.post(path, { title: '', content: 'x' })).body.message).toBe('title is required');
    expect((await owner.post(path, { title: 'x' })).body.message).toBe('content is required');
    const made = [];
    for (const [title, isPublic] of [
      ['Public one', true],
      ['Members only', false],
      ['Public two', true],
      ['Public three', true],
    ] as const) {
      const response = await owner.post(path, { title, content: `${title} body`, isPublic });
      expect(response.status).toBe(201);
      made.push(response.body.post);
    }
    const edited = await owner.put(`${path}/${made[1].id}`, { isPinned: true, content: 'Edited body' });
    expect(edited.body.post).toMatchObject({ title: 'Members only', content: 'Edited body', isPinned: true });
    expect((await owner.send('delete', `${path}/${made[3].id}`)).status).toBe(200);
    const again = await owner.send('delete', `${path}/${made[3].id}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('POST_NOT_FOUND');

    const titles = (body: { trace: { posts: Array<{ title: string }> } }) => body.trace.posts.map((p) => p.title);
    expect((await owner.get(`/api/trace-owner/${traceId}`)).body.posts.map((p: { title: string }) => p.title)).toEqual([
      'Members only',
      'Public two',
      'Public one',
    ]);
    // demo subscribed above: the full view. A new member who is not subscribed: the public preview only.
    expect(titles((await demo.get(`/api/traces/${traceId}`)).body)).toEqual([
      'Members only',
      'Public two',
      'Public one',
    ]);
    const stranger = clientAt(suite.platform.url);
    await signUp(stranger);
    expect(titles((await stranger.get(`/api/traces/${traceId}`)).body).sort()).toEqual(['Public one', 'Public two']);
  });
});

describe('avatar', () => {
  const path = () => `/api/trace-owner/${traceId}/avatar`;

  it('over 5 MB → 413 with the documented text', async () => {
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(5 * 1024 * 1024)]);
    const refused = await upload(owner, path(), big, 'big.jpg');
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'AVATAR_TOO_LARGE',
      message: OwnerProfileMessages.avatarTooLarge,
    });
  });

  it('a text file named .png → 415 with the documented text; no file → 400', async () => {
    const refused = await upload(owner, path(), Buffer.from('just some text, not a picture\n'), 'avatar.png');
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({
      code: 'AVATAR_UNSUPPORTED_TYPE',
      message: OwnerProfileMessages.avatarUnsupportedType,
    });
    const wrongField = await upload(owner, path(), await jpegWithGps(), 'a.jpg', 'picture');
    expect(wrongField.status).toBe(400);
    expect((await owner.post(path(), {})).status).toBe(400);
  });

  it('a JPEG with EXIF GPS is stored without it, bounded, and served with caching headers', async () => {
    const input = await jpegWithGps(1600, 1200);
    expect((await sharp(input).metadata()).exif?.includes(GPS_POINTER)).toBe(true);
    const stored = await upload(owner, path(), input, 'holiday.jpg');
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({
      success: true,
      message: OwnerProfileMessages.avatarUploaded,
      width: 512,
      height: 384,
    });
    const url = stored.body.url as string;
    expect(url).toMatch(new RegExp(`^/api/traces/${traceId}/avatar\\?v=[0-9a-f]{32}$`));
    // The trace shows it wherever it appears.
    expect((await demo.get(`/api/traces/${traceId}`)).body.trace.avatar).toBe(url);
    expect((await owner.get(`/api/trace-owner/${traceId}`)).body.trace.avatar).toBe(url);

    const served = await demo.get(url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const metadata = await sharp(served.body as Buffer).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 512, 384, undefined]);
    expect((served.body as Buffer).includes(Buffer.from('owner-home-address'))).toBe(false);

    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${url.split('v=')[1]}"`);
    expect((await demo.get(url).set('If-None-Match', etag)).status).toBe(304);
    const unversioned = await demo.get(`/api/traces/${traceId}/avatar`);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    expect((await clientAt(suite.platform.url).get(url)).status).toBe(401);
  });

  it('DELETE removes it; a second DELETE → 404 with the documented text', async () => {
    const deleted = await owner.send('delete', path());
    expect(deleted.status).toBe(200);
    expect((await owner.get(`/api/trace-owner/${traceId}`)).body.trace.avatar).toBeNull();
    const again = await owner.send('delete', path());
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'AVATAR_NOT_FOUND', message: OwnerProfileMessages.avatarNotFound });
    expect((await demo.get(`/api/traces/${traceId}/avatar`)).status).toBe(404);
  });
});
