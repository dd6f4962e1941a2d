import { randomBytes, randomUUID } from 'node:crypto';
import {
  OwnerProfileMessages,
  PRIVACY_DEFAULTS,
  TracesMessages,
  type UpdateTraceProfileRpcPayload,
} from '@copytrade/contracts';
import type { DataSource } from 'typeorm';
import { GetTraceUseCase } from '../../src/modules/discovery/use-cases/get-trace.use-case';
import type { IdentityUsers } from '../../src/modules/identity-users/identity-users';
import { GetOwnerTraceUseCase } from '../../src/modules/owner-profile/use-cases/get-owner-trace.use-case';
import { OwnerPostsUseCase } from '../../src/modules/owner-profile/use-cases/owner-posts.use-case';
import { TraceAvatarUseCase } from '../../src/modules/owner-profile/use-cases/trace-avatar.use-case';
import { UpdateOwnerSettingsUseCase } from '../../src/modules/owner-profile/use-cases/update-owner-settings.use-case';
import { TierEntity, TraceAvatarEntity, TraceEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { SubscribeUseCase } from '../../src/modules/subscriptions/use-cases/subscribe.use-case';
import { UnsubscribeUseCase } from '../../src/modules/subscriptions/use-cases/unsubscribe.use-case';
import { call, outcomeWithMessage as outcome, subscriptionLedger, useTracesTestEnv } from '../support/traces-test-env';

/**
 * The owner's calls against real PostgreSQL with the real migrations: owner trace data and its analytics from real
 * subscriptions, profile and privacy round trips with their defaults, posts and the trace page's visibility rules,
 * avatars stored in the database; and every call refused to a non-owner and an admin who does not own the trace.
 */
const env = useTracesTestEnv('traces_owner_profile');
let dataSource: DataSource;
let subscribe: SubscribeUseCase;
let unsubscribe: UnsubscribeUseCase;
let ownerTrace: GetOwnerTraceUseCase;
let settings: UpdateOwnerSettingsUseCase;
let posts: OwnerPostsUseCase;
let avatars: TraceAvatarUseCase;
let getTrace: GetTraceUseCase;

/** identity's usernames, as IdentityUsers answers them (the RPC itself: trace-owners.int-spec.ts). */
const usernames = new Map<string, string>();
const identityUsers = {
  ownersOf: async (ids: string[]) =>
    new Map(ids.filter((id) => usernames.has(id)).map((id) => [id, { id, username: usernames.get(id)!, email: null }])),
} as unknown as IdentityUsers;

const NOT_OWNER = `403 NOT_TRACE_OWNER ${TracesMessages.notTraceOwner}`;
const NOT_FOUND = `404 TRACE_NOT_FOUND ${TracesMessages.traceNotFound}`;

beforeAll(() => {
  dataSource = env.dataSource;
  const ledger = subscriptionLedger();
  subscribe = new SubscribeUseCase(dataSource, ledger);
  unsubscribe = new UnsubscribeUseCase(dataSource, ledger);
  ownerTrace = new GetOwnerTraceUseCase(dataSource, identityUsers);
  settings = new UpdateOwnerSettingsUseCase(dataSource);
  posts = new OwnerPostsUseCase(dataSource);
  avatars = new TraceAvatarUseCase(dataSource);
  getTrace = new GetTraceUseCase(dataSource, identityUsers);
});

async function newTrace(ownerUserId = randomUUID()) {
  const trace = await dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId, name: 'Owned Trace', handle: `o_${randomUUID().slice(0, 8)}` }),
  );
  const tiers = Object.fromEntries(
    (await dataSource.getRepository(TierEntity).findBy({ traceId: trace.id })).map((tier) => [tier.name, tier.id]),
  );
  return { trace, ownerId: ownerUserId, tiers };
}
async function subscriber(traceId: string, tierId: string, name: string): Promise<string> {
  const userId = randomUUID();
  usernames.set(userId, name);
  await subscribe.execute(call(userId, { userId, traceId, tierId }));
  return userId;
}
const setStart = (traceId: string, userId: string, daysAgo: number) =>
  dataSource.query(
    `UPDATE traces.subscriptions SET created_at = now() - make_interval(days => $3) WHERE trace_id = $1 AND user_id = $2`,
    [traceId, userId, daysAgo],
  );
const setEnd = (traceId: string, userId: string, daysAgo: number) =>
  dataSource.query(
    `UPDATE traces.subscriptions SET ended_at = now() - make_interval(days => $3) WHERE trace_id = $1 AND user_id = $2`,
    [traceId, userId, daysAgo],
  );

describe('owner trace data', () => {
  it('answers the analytics from the real subscriptions: growth, engagement, potential revenue, 5 recent', async () => {
    const { trace, ownerId, tiers } = await newTrace();
    // Active 30 days ago: one still active, one ended 10 days ago. Ended 40 days ago: not counted.
    const oldActive = await subscriber(trace.id, tiers.free, 'old_active');
    await setStart(trace.id, oldActive, 60);
    const oldEndedLately = await subscriber(trace.id, tiers.basic, 'old_ended_lately');
    await unsubscribe.execute(call(oldEndedLately, { userId: oldEndedLately, traceId: trace.id }));
    await setStart(trace.id, oldEndedLately, 50);
    await setEnd(trace.id, oldEndedLately, 10);
    const oldEndedLongAgo = await subscriber(trace.id, tiers.vip, 'old_ended_long_ago');
    await unsubscribe.execute(call(oldEndedLongAgo, { userId: oldEndedLongAgo, traceId: trace.id }));
    await setStart(trace.id, oldEndedLongAgo, 90);
    await setEnd(trace.id, oldEndedLongAgo, 40);
    // Five new in the last 30 days (newest last), and one that came and went.
    const newTiers = [tiers.basic, tiers.premium, tiers.vip, tiers.free, tiers.basic];
    const newcomers: string[] = [];
    for (const [index, tierId] of newTiers.entries()) {
      const userId = await subscriber(trace.id, tierId, `new_${index + 1}`);
      await setStart(trace.id, userId, 20 - index);
      newcomers.push(userId);
    }
    const cameAndWent = await subscriber(trace.id, tiers.premium, 'came_and_went');
    await unsubscribe.execute(call(cameAndWent, { userId: cameAndWent, traceId: trace.id }));
    await dataSource.getRepository(TraceEntity).update({ id: trace.id }, { totalLikes: 3 });

    const data = await ownerTrace.execute(call(ownerId, { traceId: trace.id }));
    expect(data.trace.subscriberCount).toBe(6);
    expect(data.analytics).toMatchObject({
      totalRevenue: 0,
      monthlyRevenue: 0,
      betaFreeAccess: true,
      revenueNote: OwnerProfileMessages.betaRevenue,
      // basic 19.99 + premium 49.99 + vip 99.99 + free 0 + basic 19.99 + free 0 (the old active one)
      potentialMonthlyRevenue: 189.96,
      newSubscribersLast30Days: 5,
      subscribersThirtyDaysAgo: 2,
      subscriberGrowth: 250,
      engagementRate: 50,
    });
    expect(data.analytics.recentSubscribers.map((entry) => [entry.username, entry.tier])).toEqual([
      ['new_5', 'basic'],
      ['new_4', 'free'],
      ['new_3', 'vip'],
      ['new_2', 'premium'],
      ['new_1', 'basic'],
    ]);
    expect(data.analytics.recentSubscribers[0].userId).toBe(newcomers[4]);
    expect(data.subscriptionTiers.map((tier) => [tier.name, tier.price])).toEqual([
      ['free', 0],
      ['basic', 19.99],
      ['premium', 49.99],
      ['vip', 99.99],
    ]);
  });

  it('a new trace: no growth, no engagement, the privacy defaults', async () => {
    const { trace, ownerId } = await newTrace();
    const data = await ownerTrace.execute(call(ownerId, { traceId: trace.id }));
    expect(data.analytics).toMatchObject({ subscriberGrowth: 0, engagementRate: 0, recentSubscribers: [] });
    expect(data.trace).toMatchObject({ ...PRIVACY_DEFAULTS, avatar: null, minInvestment: 0, riskLevel: 'medium' });
    expect(data.posts).toEqual([]);
  });

  it('refuses a non-owner and an admin who does not own the trace; an unknown trace is 404', async () => {
    const { trace } = await newTrace();
    expect(await outcome(ownerTrace.execute(call(randomUUID(), { traceId: trace.id })))).toBe(NOT_OWNER);
    expect(await outcome(ownerTrace.execute(call(randomUUID(), { traceId: trace.id }, true)))).toBe(NOT_OWNER);
    expect(await outcome(ownerTrace.execute(call(randomUUID(), { traceId: randomUUID() })))).toBe(NOT_FOUND);
    const adminOwner = randomUUID();
    const owned = await newTrace(adminOwner);
    expect(await outcome(ownerTrace.execute(call(adminOwner, { traceId: owned.trace.id }, true)))).toBe('ok');
  });
});

describe('profile and privacy', () => {
  const profile = (traceId: string, overrides: Partial<UpdateTraceProfileRpcPayload> = {}) =>
    ({
      traceId,
      name: 'Renamed',
      handle: `r_${randomUUID().slice(0, 8)}`,
      ...overrides,
    }) as UpdateTraceProfileRpcPayload;

  it('a profile round trip: what PUT stores the next GET reads back; left-out fields take the defaults', async () => {
    const { trace, ownerId } = await newTrace();
    await settings.profile(
      call(ownerId, {
        ...profile(trace.id),
        handle: 'Round_Trip',
        description: 'Swing trades in large caps',
        bio: 'Ten years of trading',
        tradingStyle: ['swing_trading', 'options'],
        riskLevel: 'high',
        minInvestment: 2500,
      }),
    );
    expect((await ownerTrace.execute(call(ownerId, { traceId: trace.id }))).trace).toMatchObject({
      name: 'Renamed',
      handle: '@Round_Trip',
      description: 'Swing trades in large caps',
      bio: 'Ten years of trading',
      tradingStyle: ['swing_trading', 'options'],
      riskLevel: 'high',
      minInvestment: 2500,
    });
    await settings.profile(call(ownerId, profile(trace.id, { name: 'Minimal' })));
    expect((await ownerTrace.execute(call(ownerId, { traceId: trace.id }))).trace).toMatchObject({
      name: 'Minimal',
      description: '',
      bio: '',
      tradingStyle: [],
      riskLevel: 'medium',
      minInvestment: 1000,
    });
  });

  it('keeps handles unique ignoring case, but the trace may keep its own in another case', async () => {
    const first = await newTrace();
    const second = await newTrace();
    await settings.profile(call(first.ownerId, profile(first.trace.id, { handle: 'UniqueOne' })));
    expect(
      await outcome(settings.profile(call(second.ownerId, profile(second.trace.id, { handle: '@uniqueone' })))),
    ).toBe(`409 HANDLE_TAKEN ${TracesMessages.handleTaken}`);
    expect(await outcome(settings.profile(call(first.ownerId, profile(first.trace.id, { handle: 'uniqueONE' }))))).toBe(
      'ok',
    );
    expect((await dataSource.getRepository(TraceEntity).findOneByOrFail({ id: first.trace.id })).handle).toBe(
      '@uniqueONE',
    );
  });

  it('privacy: the defaults until changed, the change read back, a PUT with nothing restores the defaults', async () => {
    const { trace, ownerId } = await newTrace();
    const changed = {
      allowComments: false,
      allowCopying: false,
      autoShareProfitableTrades: true,
      defaultSharingTier: 'vip' as const,
      publicProfile: false,
    };
    await settings.privacy(call(ownerId, { traceId: trace.id, ...changed }));
    expect((await ownerTrace.execute(call(ownerId, { traceId: trace.id }))).trace).toMatchObject(changed);
    await settings.privacy(call(ownerId, { traceId: trace.id }));
    expect((await ownerTrace.execute(call(ownerId, { traceId: trace.id }))).trace).toMatchObject(PRIVACY_DEFAULTS);
  });

  it('refuses profile and privacy changes by anyone but the owner, and changes nothing', async () => {
    const { trace } = await newTrace();
    const intruder = randomUUID();
    expect(await outcome(settings.profile(call(intruder, profile(trace.id), true)))).toBe(NOT_OWNER);
    expect(await outcome(settings.privacy(call(intruder, { traceId: trace.id, allowCopying: false })))).toBe(NOT_OWNER);
    const stored = await dataSource.getRepository(TraceEntity).findOneByOrFail({ id: trace.id });
    expect([stored.name, stored.handle, stored.allowCopying]).toEqual([trace.name, trace.handle, true]);
  });
});

describe('posts', () => {
  it('create, edit and delete by the owner; the trace page shows them by its visibility rules', async () => {
    const { trace, ownerId, tiers } = await newTrace();
    const created = [];
    for (const [index, isPublic] of [true, false, true, true].entries())
      created.push(
        (
          await posts.create(
            call(ownerId, { traceId: trace.id, title: `Post ${index}`, content: `Body ${index}`, isPublic }),
          )
        ).post,
      );
    expect(created[0]).toMatchObject({ title: 'Post 0', content: 'Body 0', isPublic: true, isPinned: false });

    const edited = await posts.update(
      call(ownerId, { traceId: trace.id, postId: created[1].id, title: 'Pinned members post', isPinned: true }),
    );
    expect(edited.post).toMatchObject({
      title: 'Pinned members post',
      content: 'Body 1',
      isPublic: false,
      isPinned: true,
    });
    await posts.delete(call(ownerId, { traceId: trace.id, postId: created[3].id }));

    const owner = await ownerTrace.execute(call(ownerId, { traceId: trace.id }));
    expect(owner.posts.map((post) => post.title)).toEqual(['Pinned members post', 'Post 2', 'Post 0']);

    // A signed-in visitor: public posts only, at most 2 (the free preview).
    const visitor = await getTrace.execute(call(randomUUID(), { traceId: trace.id }));
    expect(visitor.trace.posts.map((post) => post.title).sort()).toEqual(['Post 0', 'Post 2']);
    // An active subscriber sees the members' post too.
    const member = await subscriber(trace.id, tiers.free, 'member');
    const full = await getTrace.execute(call(member, { traceId: trace.id }));
    expect(full.trace.posts.map((post) => post.title)).toEqual(['Pinned members post', 'Post 2', 'Post 0']);
  });

  it('refuses a non-owner (admin included); a post of another trace or a deleted one is 404', async () => {
    const { trace, ownerId } = await newTrace();
    const other = await newTrace();
    const { post } = await posts.create(call(ownerId, { traceId: trace.id, title: 'Mine', content: 'Mine' }));
    const intruder = randomUUID();
    expect(await outcome(posts.create(call(intruder, { traceId: trace.id, title: 'x', content: 'y' }, true)))).toBe(
      NOT_OWNER,
    );
    expect(await outcome(posts.update(call(intruder, { traceId: trace.id, postId: post.id, title: 'x' })))).toBe(
      NOT_OWNER,
    );
    expect(await outcome(posts.delete(call(intruder, { traceId: trace.id, postId: post.id }, true)))).toBe(NOT_OWNER);
    const POST_NOT_FOUND = `404 POST_NOT_FOUND ${OwnerProfileMessages.postNotFound}`;
    // The other trace's owner names this post under their own trace: not theirs.
    expect(await outcome(posts.delete(call(other.ownerId, { traceId: other.trace.id, postId: post.id })))).toBe(
      POST_NOT_FOUND,
    );
    await posts.delete(call(ownerId, { traceId: trace.id, postId: post.id }));
    expect(await outcome(posts.delete(call(ownerId, { traceId: trace.id, postId: post.id })))).toBe(POST_NOT_FOUND);
    expect(await outcome(posts.update(call(ownerId, { traceId: trace.id, postId: post.id, title: 'x' })))).toBe(
      POST_NOT_FOUND,
    );
  });
});

describe('avatars', () => {
  const jpeg = () =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2048), Buffer.from([0xff, 0xd9])]);
  const put = (userId: string, traceId: string, bytes: Buffer, isAdmin = false) =>
    avatars.put(
      call(
        userId,
        { traceId, contentType: 'image/jpeg' as const, dataBase64: bytes.toString('base64'), width: 64, height: 64 },
        isAdmin,
      ),
    );

  it('stores the bytes in PostgreSQL, points the trace at a versioned URL, serves them, deletes them', async () => {
    const { trace, ownerId } = await newTrace();
    const bytes = jpeg();
    const stored = await put(ownerId, trace.id, bytes);
    expect(stored.url).toMatch(new RegExp(`^/api/traces/${trace.id}/avatar\\?v=[0-9a-f]{32}$`));
    expect((await ownerTrace.execute(call(ownerId, { traceId: trace.id }))).trace.avatar).toBe(stored.url);
    // The trace page (any signed-in user) carries the same URL, and the bytes are served to anyone signed in.
    expect((await getTrace.execute(call(randomUUID(), { traceId: trace.id }))).trace.avatar).toBe(stored.url);
    const served = await avatars.get(call(randomUUID(), { traceId: trace.id }));
    expect(Buffer.from(served.dataBase64, 'base64').equals(bytes)).toBe(true);
    expect(stored.url.endsWith(`v=${served.version}`)).toBe(true);

    // A new image: a new version and URL, one row.
    const replaced = await put(ownerId, trace.id, jpeg());
    expect(replaced.url).not.toBe(stored.url);
    expect(await dataSource.getRepository(TraceAvatarEntity).countBy({ traceId: trace.id })).toBe(1);

    await avatars.delete(call(ownerId, { traceId: trace.id }));
    expect((await ownerTrace.execute(call(ownerId, { traceId: trace.id }))).trace.avatar).toBeNull();
    const GONE = `404 AVATAR_NOT_FOUND ${OwnerProfileMessages.avatarNotFound}`;
    expect(await outcome(avatars.delete(call(ownerId, { traceId: trace.id })))).toBe(GONE);
    expect(await outcome(avatars.get(call(ownerId, { traceId: trace.id })))).toBe(GONE);
    expect(await outcome(avatars.get(call(ownerId, { traceId: randomUUID() })))).toBe(NOT_FOUND);
  });

  it('refuses bytes that are not a JPEG (the gateway re-encodes every upload to one) and non-owners', async () => {
    const { trace, ownerId } = await newTrace();
    expect(await outcome(put(ownerId, trace.id, Buffer.from('not an image at all')))).toBe(
      `415 AVATAR_UNSUPPORTED_TYPE ${OwnerProfileMessages.avatarUnsupportedType}`,
    );
    expect(await outcome(put(randomUUID(), trace.id, jpeg(), true))).toBe(NOT_OWNER);
    await put(ownerId, trace.id, jpeg());
    expect(await outcome(avatars.delete(call(randomUUID(), { traceId: trace.id }, true)))).toBe(NOT_OWNER);
    expect(await dataSource.getRepository(TraceAvatarEntity).countBy({ traceId: trace.id })).toBe(1);
  });

  it('goes with its trace', async () => {
    const { trace, ownerId } = await newTrace();
    await put(ownerId, trace.id, jpeg());
    await dataSource.getRepository(TraceEntity).delete({ id: trace.id });
    expect(await dataSource.getRepository(TraceAvatarEntity).countBy({ traceId: trace.id })).toBe(0);
  });
});
