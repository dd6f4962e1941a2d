import { randomUUID } from 'node:crypto';
import { ListTracesQueryDto, type RpcRequest } from '@copytrade/contracts';
import { devSignedActor, OutboxWriter, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { TracesAdminTracesController } from '../../src/modules/admin-traces/admin-traces.controller';
import { GetTraceUseCase } from '../../src/modules/discovery/use-cases/get-trace.use-case';
import { ListTracesUseCase } from '../../src/modules/discovery/use-cases/list-traces.use-case';
import { ListTradesUseCase } from '../../src/modules/discovery/use-cases/list-trades.use-case';
import {
  OnboardingTraderController,
  OnboardingTraderReader,
} from '../../src/modules/onboarding/onboarding-trader.controller';
import { PostEntity, TierEntity, TraceEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { addTrades, type NewTrade } from '../../src/modules/shared/trade-writer';
import { SidebarController } from '../../src/modules/sidebar/sidebar.controller';
import { SubscriptionLedger } from '../../src/modules/subscriptions/subscription-ledger';
import { SubscribeUseCase } from '../../src/modules/subscriptions/use-cases/subscribe.use-case';
import { UnsubscribeUseCase } from '../../src/modules/subscriptions/use-cases/unsubscribe.use-case';

let database: TestDatabase;
let dataSource: DataSource;
let ledger: SubscriptionLedger;
let subscribe: SubscribeUseCase;
let unsubscribe: UnsubscribeUseCase;
let listTrades: ListTradesUseCase;
let getTrace: GetTraceUseCase;
let listTraces: ListTracesUseCase;
let admin: TracesAdminTracesController;

const call = <T>(userId: string, payload: T, isAdmin = false): RpcRequest<T> => ({
  requestId: randomUUID(),
  actor: devSignedActor({ userId, isAdmin }),
  payload,
});
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string; message: string }) => `${error.status} ${error.code} ${error.message}`,
  );

beforeAll(async () => {
  database = await createTestDatabase('traces_discovery');
  await runServiceMigrations(tracesDataSourceOptions(database.url));
  dataSource = new DataSource({ ...tracesDataSourceOptions(database.url), extra: { max: 30 } } as DataSourceOptions);
  await dataSource.initialize();
  ledger = new SubscriptionLedger(new OutboxWriter({ schema: 'traces', producer: 'traces' }), {
    kick: () => undefined,
  } as never);
  subscribe = new SubscribeUseCase(dataSource, ledger);
  unsubscribe = new UnsubscribeUseCase(dataSource, ledger);
  listTrades = new ListTradesUseCase(dataSource);
  // Owners' usernames are covered by trace-owners.int-spec.ts (identity over NATS); none here.
  const noOwners = { ownersOf: async () => new Map() } as never;
  getTrace = new GetTraceUseCase(dataSource, noOwners);
  listTraces = new ListTracesUseCase(dataSource);
  admin = new TracesAdminTracesController(dataSource, ledger, noOwners);
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const day = 86_400_000;
async function newTrace(overrides: Partial<Parameters<typeof createTrace>[1]> = {}) {
  return dataSource.transaction((manager) =>
    createTrace(manager, {
      ownerUserId: randomUUID(),
      name: `Trace ${randomUUID().slice(0, 6)}`,
      handle: `h_${randomUUID().slice(0, 8)}`,
      ...overrides,
    }),
  );
}
const tiersOf = async (traceId: string) =>
  Object.fromEntries(
    (await dataSource.getRepository(TierEntity).find({ where: { traceId } })).map((tier) => [tier.name, tier]),
  );
const trade = (overrides: Partial<NewTrade>): NewTrade => ({
  symbol: 'AAPL',
  side: 'buy',
  quantity: 10,
  price: 100,
  currentPrice: 110,
  status: 'closed',
  executedAt: new Date(Date.now() - 2 * day),
  closedAt: new Date(Date.now() - day),
  ...overrides,
});

it('creates the four default tiers in rank order with the documented prices', async () => {
  const trace = await newTrace();
  const tiers = await dataSource
    .getRepository(TierEntity)
    .find({ where: { traceId: trace.id }, order: { rank: 'ASC' } });
  expect(tiers.map((tier) => [tier.name, tier.price, tier.canCopyTrades])).toEqual([
    ['free', '0.00', false],
    ['basic', '19.99', true],
    ['premium', '49.99', true],
    ['vip', '99.99', true],
  ]);
  expect(trace.handle.startsWith('@')).toBe(true);
});

it('refuses a handle already taken in another case', async () => {
  await newTrace({ handle: 'CaseTrader' });
  await expect(codeOf(newTrace({ handle: '@casetrader' }))).resolves.toBe(
    '409 HANDLE_TAKEN This handle is already taken.',
  );
});

it('computes the statistics from the trades by the documented formulas', async () => {
  const trace = await newTrace();
  await dataSource.transaction((manager) =>
    addTrades(manager, trace.id, [
      trade({ price: 100, currentPrice: 110, closedAt: new Date(Date.now() - 3 * day) }), // +10 %
      trade({ price: 100, currentPrice: 80, closedAt: new Date(Date.now() - 2 * day) }), // −20 %
      trade({ side: 'sell', price: 50, currentPrice: 45, closedAt: new Date(Date.now() - day) }), // +10 %
      trade({ price: 100, currentPrice: 150, closedAt: new Date(Date.now() - 60 * day) }), // +50 %, long ago
      trade({ status: 'open', quantity: 2, price: 250, currentPrice: 260 }),
      // Options: prices in hundredths (a 3.00 contract is stored as 300).
      trade({ isOptions: true, quantity: 1, price: 300, currentPrice: 330, closedAt: new Date(Date.now() - 1000) }), // +10 %
    ]),
  );
  const stats = await dataSource.getRepository(TraceEntity).findOneByOrFail({ id: trace.id });
  expect(stats.totalTrades).toBe(6);
  expect(stats.profitableTrades).toBe(4);
  expect(Number(stats.winRate)).toBe(80);
  expect(Number(stats.totalReturn)).toBe(60);
  expect(Number(stats.monthlyReturn)).toBe(10);
  // Running sum in closing order: 50, 60, 40, 50, 60 → the largest fall from a peak is 20 points.
  expect(Number(stats.maxDrawdown)).toBe(20);
  // Entry values: 1000, 1000, 500, 1000, 500, 3 → mean 667.17.
  expect(Number(stats.avgTradeSize)).toBe(667.17);
});

describe('access to a trace', () => {
  let trace: TraceEntity;
  let tiers: Record<string, TierEntity>;
  beforeAll(async () => {
    trace = await newTrace();
    tiers = await tiersOf(trace.id);
    await dataSource.transaction((manager) =>
      addTrades(manager, trace.id, [
        trade({ symbol: 'FREE', isShared: true, requiredTier: 'free' }),
        trade({ symbol: 'BASIC', isShared: true, requiredTier: 'basic' }),
        trade({ symbol: 'PREM', isShared: true, requiredTier: 'premium', status: 'open' }),
        trade({ symbol: 'VIP', isShared: true, requiredTier: 'vip' }),
        trade({ symbol: 'PRIVATE', isShared: false }),
      ]),
    );
    await dataSource.getRepository(PostEntity).insert([
      { traceId: trace.id, title: 'public 1', content: 'p', isPublic: true },
      { traceId: trace.id, title: 'public 2', content: 'p', isPublic: true },
      { traceId: trace.id, title: 'public 3', content: 'p', isPublic: true },
      { traceId: trace.id, title: 'subscribers', content: 's', isPublic: false },
    ]);
  });
  const symbols = async (userId: string, extra: object = {}) =>
    (await listTrades.execute(call(userId, { traceId: trace.id, ...extra }))).trades.map((t) => t.symbol).sort();

  it('a signed-in non-subscriber gets no trade and no subscriber-only post', async () => {
    const stranger = randomUUID();
    await expect(codeOf(symbols(stranger))).resolves.toMatch(/^403 SUBSCRIPTION_REQUIRED/);
    const { trace: view } = await getTrace.execute(call(stranger, { traceId: trace.id }));
    expect(view.viewer).toEqual({ isOwner: false, isSubscribed: false, hasAccess: false, tier: null });
    expect(view.posts).toHaveLength(2);
    expect(view.posts.every((post) => post.isPublic)).toBe(true);
    expect(view.subscriptionTiers.map((tier) => tier.name)).toEqual(['free', 'basic', 'premium', 'vip']);
    // Every trade (shared or not) and every post are counted, whatever the caller may see.
    expect(view.counts).toMatchObject({ trades: 5, posts: 4 });
  });

  it('a subscriber sees the shared trades of their tier and below; the owner every shared trade', async () => {
    const basic = randomUUID();
    await subscribe.execute(call(basic, { userId: basic, traceId: trace.id, tierId: tiers.basic.id }));
    expect(await symbols(basic)).toEqual(['BASIC', 'FREE']);
    expect(await symbols(basic, { status: 'open' })).toEqual([]);
    const vip = randomUUID();
    await subscribe.execute(call(vip, { userId: vip, traceId: trace.id, tierId: tiers.vip.id }));
    expect(await symbols(vip)).toEqual(['BASIC', 'FREE', 'PREM', 'VIP']);
    expect(await symbols(vip, { status: 'open' })).toEqual(['PREM']);
    expect(await symbols(vip, { limit: 1 })).toHaveLength(1);
    expect(await symbols(trace.ownerUserId)).toEqual(['BASIC', 'FREE', 'PREM', 'VIP']);
    const { trace: view } = await getTrace.execute(call(vip, { traceId: trace.id }));
    expect(view.posts).toHaveLength(4);
    expect(view.viewer).toEqual({ isOwner: false, isSubscribed: true, hasAccess: true, tier: 'vip' });
  });

  it('an ended subscription loses access at once', async () => {
    const user = randomUUID();
    await subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: tiers.premium.id }));
    expect(await symbols(user)).toEqual(['BASIC', 'FREE', 'PREM']);
    await unsubscribe.execute(call(user, { userId: user, traceId: trace.id }));
    await expect(codeOf(symbols(user))).resolves.toMatch(/^403 SUBSCRIPTION_REQUIRED/);
  });

  it('refuses bad subscribe and unsubscribe calls', async () => {
    const user = randomUUID();
    const other = await newTrace();
    const otherTiers = await tiersOf(other.id);
    await expect(
      codeOf(subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: otherTiers.vip.id }))),
    ).resolves.toBe('400 VALIDATION_FAILED This tier does not belong to this trace.');
    await expect(
      codeOf(subscribe.execute(call(user, { userId: user, traceId: randomUUID(), tierId: tiers.vip.id }))),
    ).resolves.toBe('404 TRACE_NOT_FOUND Trace not found');
    await expect(
      codeOf(subscribe.execute(call(user, { userId: randomUUID(), traceId: trace.id, tierId: tiers.vip.id }))),
    ).resolves.toMatch(/^403 FORBIDDEN/);
    await subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: tiers.free.id }));
    await expect(
      codeOf(subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: tiers.vip.id }))),
    ).resolves.toBe('409 ALREADY_SUBSCRIBED User already has a subscription to this trace');
    const owner = trace.ownerUserId;
    await expect(codeOf(unsubscribe.execute(call(owner, { userId: owner, traceId: trace.id })))).resolves.toBe(
      '409 OWNER_CANNOT_UNSUBSCRIBE Owners cannot unsubscribe from their own trace.',
    );
    const stranger = randomUUID();
    await expect(codeOf(unsubscribe.execute(call(stranger, { userId: stranger, traceId: trace.id })))).resolves.toMatch(
      /^404 NOT_SUBSCRIBED/,
    );
    await expect(codeOf(listTrades.execute(call(user, { traceId: randomUUID() })))).resolves.toBe(
      '404 TRACE_NOT_FOUND Trace not found',
    );
  });

  it("another user's subscriptions are refused; one's own lists the active ones with their tier", async () => {
    const sidebar = new SidebarController(
      dataSource.getRepository(TraceEntity),
      dataSource.getRepository('SubscriptionEntity') as never,
    );
    const user = randomUUID();
    await subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: tiers.premium.id }));
    await expect(codeOf(sidebar.listSubscriptions(call(randomUUID(), { userId: user }) as never))).resolves.toMatch(
      /^403 FORBIDDEN You can only view your own subscriptions/,
    );
    const { subscriptions } = await sidebar.listSubscriptions(call(user, { userId: user }) as never);
    expect(subscriptions).toEqual([
      expect.objectContaining({
        traceId: trace.id,
        status: 'active',
        tier: expect.objectContaining({ name: 'premium' }),
      }),
    ]);
  });
});

it('50 concurrent subscribe and unsubscribe calls leave an exact subscriber count and one event each', async () => {
  const trace = await newTrace();
  const { basic } = await tiersOf(trace.id);
  const users = Array.from({ length: 50 }, () => randomUUID());
  await Promise.all(
    users.map((user) => subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: basic.id }))),
  );
  // Half leave while the other half try to subscribe again (refused: already subscribed), all at once.
  const outcomes = await Promise.all(
    users.map((user, index) =>
      codeOf(
        index % 2 === 0
          ? unsubscribe.execute(call(user, { userId: user, traceId: trace.id }))
          : subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: basic.id })),
      ),
    ),
  );
  expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(25);
  const reloaded = await dataSource.getRepository(TraceEntity).findOneByOrFail({ id: trace.id });
  const [{ count }] = await dataSource.query(
    `SELECT count(*)::int AS count FROM traces.subscriptions WHERE trace_id = $1 AND status = 'active'`,
    [trace.id],
  );
  expect(reloaded.subscriberCount).toBe(25);
  expect(count).toBe(25);
  const events = await dataSource.query(
    `SELECT envelope->>'type' AS type, count(*)::int AS count FROM traces.outbox WHERE aggregate_id LIKE $1 GROUP BY 1 ORDER BY 1`,
    [`trace-subscription:${trace.id}:%`],
  );
  expect(events).toEqual([
    { type: 'SubscriptionEnded', count: 25 },
    { type: 'SubscriptionStarted', count: 50 },
  ]);
});

describe('GET /api/traces', () => {
  beforeAll(async () => {
    const crypto = await newTrace({ name: 'Zeta Crypto Desk', tradingStyle: ['crypto'], isFeatured: true });
    await dataSource.transaction((manager) =>
      addTrades(manager, crypto.id, [trade({ symbol: 'BTC-USD', price: 100, currentPrice: 130 })]),
    );
    await newTrace({ name: 'Zeta Stocks', tradingStyle: ['stocks', 'swing_trading'] });
  });
  const names = async (query: object) =>
    (await listTraces.execute(query as ListTracesQueryDto)).traces.map((trace) => trace.name);

  it('searches name, handle and specialty case-insensitively, and filters by category and featured', async () => {
    expect(await names({ search: 'zeta' })).toEqual(['Zeta Crypto Desk', 'Zeta Stocks']);
    expect(await names({ search: 'SWING_trad' })).toEqual(['Zeta Stocks']);
    expect(await names({ search: '%' })).toEqual([]);
    expect(await names({ search: 'zeta', category: 'Crypto' })).toEqual(['Zeta Crypto Desk']);
    expect(await names({ search: 'zeta', category: 'Most Profitable' })).toEqual(['Zeta Crypto Desk']);
    expect(await names({ search: 'zeta', featured: true })).toEqual(['Zeta Crypto Desk']);
  });

  it('pages with limit and offset', async () => {
    const first = await listTraces.execute({ search: 'zeta', limit: 1 } as ListTracesQueryDto);
    expect(first.pagination).toEqual({ limit: 1, offset: 0, nextOffset: 1 });
    const second = await listTraces.execute({ search: 'zeta', limit: 1, offset: 1 } as ListTracesQueryDto);
    expect(second.pagination.nextOffset).toBeNull();
    expect(second.traces[0].name).not.toBe(first.traces[0].name);
  });

  it.each([
    [{ category: 'Bonds' }, 'category must be one of'],
    [{ sortBy: 'name' }, 'sortBy must be one of'],
    [{ limit: '-1' }, 'limit must be a whole number'],
    [{ limit: '100000' }, 'limit must be a whole number'],
    [{ offset: '-5' }, 'offset must be a whole number'],
  ])('refuses %j', async (query, message) => {
    const errors = await validate(plainToInstance(ListTracesQueryDto, query));
    expect(JSON.stringify(errors)).toContain(message);
  });
});

it("the onboarding trader's card shows its last 3 closed trades in dollars, options per contract", async () => {
  const trace = await newTrace();
  await admin.setOnboardingTrader(call(randomUUID(), { traceId: trace.id }, true) as never);
  await dataSource.transaction((manager) =>
    addTrades(manager, trace.id, [
      trade({ symbol: 'OLD', closedAt: new Date(Date.now() - 3 * day) }),
      trade({ symbol: 'MSFT', price: 400, currentPrice: 420 }),
      trade({
        symbol: 'AAPL',
        price: 35_000, // $350 a contract, in hundredths
        currentPrice: 42_000,
        isOptions: true,
        optionType: 'call',
        strikePrice: 230,
        expirationDate: '2027-01-15',
        executedAt: new Date(Date.now() - day),
        closedAt: new Date(Date.now() - day / 2),
      }),
      trade({ symbol: 'LIVE', status: 'open' }),
    ]),
  );
  const controller = new OnboardingTraderController(
    dataSource,
    new OnboardingTraderReader(dataSource),
    ledger,
    {} as never,
  );
  const { trader } = await controller.get(call(randomUUID(), {}) as never);
  expect(trader?.trades.map(({ symbol, price }) => [symbol, price])).toEqual([
    ['AAPL', 350],
    ['MSFT', 400],
    ['OLD', 100],
  ]);
});

describe('admin', () => {
  it('refuses non-admins and deleting the onboarding trader; deleting ends the subscriptions', async () => {
    const trace = await newTrace();
    const adminId = randomUUID();
    await expect(codeOf(admin.list(call(randomUUID(), {}) as never))).resolves.toMatch(/^403 FORBIDDEN/);
    await admin.setOnboardingTrader(call(adminId, { traceId: trace.id }, true) as never);
    await expect(codeOf(admin.delete(call(adminId, { traceId: trace.id }, true) as never))).resolves.toMatch(
      /^409 ONBOARDING_TRADER/,
    );
    const other = await newTrace();
    await admin.setOnboardingTrader(call(adminId, { traceId: other.id }, true) as never);
    const user = randomUUID();
    await subscribe.execute(call(user, { userId: user, traceId: trace.id, tierId: (await tiersOf(trace.id)).vip.id }));
    await dataSource.transaction((manager) => addTrades(manager, trace.id, [trade({})]));
    const reply = await admin.delete(call(adminId, { traceId: trace.id }, true) as never);
    expect(reply).toMatchObject({ endedSubscriptions: 1, deletedTrades: 1 });
    expect(await dataSource.getRepository(TraceEntity).findOneBy({ id: trace.id })).toBeNull();
    const [{ count }] = await dataSource.query(
      `SELECT count(*)::int AS count FROM traces.outbox WHERE envelope->>'type' = 'SubscriptionEnded' AND aggregate_id = $1`,
      [`trace-subscription:${trace.id}:${user}`],
    );
    expect(count).toBe(1);
  });
});
