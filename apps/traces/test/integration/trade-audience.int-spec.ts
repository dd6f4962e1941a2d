import { randomUUID } from 'node:crypto';
import { Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  TradeAudienceRpc,
  type TradeAudienceFilterRpcPayload,
  type TradeAudienceFilterRpcReply,
  type TradeViewersRpcPayload,
  type TradeViewersRpcReply,
} from '@copytrade/contracts';
import {
  devActorSigner,
  devActorVerificationGuard,
  natsRpcClientOptions,
  natsRpcServerOptions,
  RpcClient,
  RpcErrorFilter,
  rpcValidationPipe,
  runServiceMigrations,
} from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { TierEntity, TradeEntity, type TraceEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { addTrades, type NewTrade } from '../../src/modules/shared/trade-writer';
import { TradeAudienceModule } from '../../src/modules/trade-audience/trade-audience.module';
import { subscriptionLedger } from '../support/traces-test-env';

/**
 * rpc.traces.trade-audience.filter and .list over NATS, answered by the real module on real PostgreSQL (the migrations):
 * of the users a gateway has on its live push, who may see a trade — the owner, active subscribers whose tier
 * ranks at or above the trade's, nobody else; an unshared trade only its owner. `list` pages the same subscribers
 * (never the owner) for identity's notifications.
 */
@Module({})
class AudienceServiceModule {
  static register(databaseUrl: string): DynamicModule {
    return {
      module: AudienceServiceModule,
      imports: [
        TypeOrmModule.forRoot({ ...tracesDataSourceOptions(databaseUrl), migrationsRun: false }),
        TradeAudienceModule,
      ],
    };
  }
}

let database: TestDatabase;
let nats: PrivateNats;
let service: INestMicroservice;
let client: ClientProxy;
let rpc: RpcClient;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase('traces_trade_audience');
  await runServiceMigrations(tracesDataSourceOptions(database.url));
  nats = await startPrivateNats();
  service = await NestFactory.createMicroservice(AudienceServiceModule.register(database.url), {
    ...natsRpcServerOptions(nats.url, 'traces'),
    logger: false,
  });
  service.useGlobalGuards(devActorVerificationGuard());
  service.useGlobalPipes(rpcValidationPipe());
  service.useGlobalFilters(new RpcErrorFilter());
  await service.listen();
  dataSource = service.get(DataSource);
  client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, 'trade-audience-test'));
  rpc = new RpcClient(client, undefined, devActorSigner());
}, 60_000);

afterAll(async () => {
  await client?.close();
  await service?.close();
  await nats?.stop();
  await database?.drop();
});

const audience = async (payload: TradeAudienceFilterRpcPayload) =>
  (
    await rpc.request<TradeAudienceFilterRpcPayload, TradeAudienceFilterRpcReply>(TradeAudienceRpc.filter, payload, {
      requestId: randomUUID(),
    })
  ).userIds.sort();

const trade = (overrides: Partial<NewTrade>): NewTrade => ({
  symbol: 'AAPL',
  side: 'buy',
  quantity: 10,
  price: 100,
  currentPrice: 101,
  status: 'open',
  executedAt: new Date(),
  ...overrides,
});

let trace: TraceEntity;
let tiers: Record<string, TierEntity>;
let premiumTradeId: string;
let privateTradeId: string;
const users = {
  vip: randomUUID(),
  premium: randomUUID(),
  basic: randomUUID(),
  ended: randomUUID(),
  otherTrace: randomUUID(),
  stranger: randomUUID(),
};

beforeAll(async () => {
  trace = await dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId: randomUUID(), name: 'Audience', handle: `aud_${randomUUID().slice(0, 8)}` }),
  );
  const other = await dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId: randomUUID(), name: 'Other', handle: `oth_${randomUUID().slice(0, 8)}` }),
  );
  tiers = Object.fromEntries(
    (await dataSource.getRepository(TierEntity).find({ where: { traceId: trace.id } })).map((tier) => [
      tier.name,
      tier,
    ]),
  );
  const otherVip = await dataSource.getRepository(TierEntity).findOneByOrFail({ traceId: other.id, name: 'vip' });
  const ledger = subscriptionLedger();
  const join = (userId: string, traceId: string, tierId: string) =>
    dataSource.transaction((manager) =>
      ledger.start(manager, { userId, traceId, tierId, source: 'user', correlationId: randomUUID() }),
    );
  await join(users.vip, trace.id, tiers.vip!.id);
  await join(users.premium, trace.id, tiers.premium!.id);
  await join(users.basic, trace.id, tiers.basic!.id);
  await join(users.ended, trace.id, tiers.vip!.id);
  await dataSource.query(
    `UPDATE traces.subscriptions SET status = 'ended', ended_at = now() WHERE user_id = $1 AND trace_id = $2`,
    [users.ended, trace.id],
  );
  await join(users.otherTrace, other.id, otherVip.id);
  await dataSource.transaction((manager) =>
    addTrades(manager, trace.id, [
      trade({ symbol: 'PREM', isShared: true, requiredTier: 'premium' }),
      trade({ symbol: 'PRIV', isShared: false }),
    ]),
  );
  const stored = await dataSource.getRepository(TradeEntity).find({ where: { traceId: trace.id } });
  premiumTradeId = stored.find((row) => row.symbol === 'PREM')!.id;
  privateTradeId = stored.find((row) => row.symbol === 'PRIV')!.id;
});

it('a shared trade: the owner and subscribers at or above its tier — not a lower tier, an ended subscription, another trace’s subscriber or a stranger', async () => {
  const everyone = [trace.ownerUserId, ...Object.values(users)];
  expect(await audience({ tradeId: premiumTradeId, userIds: everyone })).toEqual(
    [trace.ownerUserId, users.vip, users.premium].sort(),
  );
});

it.each([
  ['the owner', true, () => trace.ownerUserId],
  ['a vip subscriber (above the premium trade)', true, () => users.vip],
  ['a premium subscriber (the trade’s tier)', true, () => users.premium],
  ['a basic subscriber (below it)', false, () => users.basic],
  ['an ended vip subscription', false, () => users.ended],
  ['a vip subscriber of another trace', false, () => users.otherTrace],
  ['a stranger', false, () => users.stranger],
])('asked alone, %s → allowed: %s', async (_who, allowed, user) => {
  expect(await audience({ tradeId: premiumTradeId, userIds: [user()] })).toEqual(allowed ? [user()] : []);
});

it('the subscription’s tier is read at each call: an upgrade lets the basic subscriber in at once', async () => {
  const upgraded = randomUUID();
  const ledger = subscriptionLedger();
  const { event } = await dataSource.transaction((manager) =>
    ledger.start(manager, {
      userId: upgraded,
      traceId: trace.id,
      tierId: tiers.basic!.id,
      source: 'user',
      correlationId: randomUUID(),
    }),
  );
  // The event names the trace's owner and trace, for the owner's new-subscriber notification (identity).
  expect(event.data).toMatchObject({ userId: upgraded, ownerUserId: trace.ownerUserId, traceName: 'Audience' });
  expect(await audience({ tradeId: premiumTradeId, userIds: [upgraded] })).toEqual([]);
  await dataSource.query(`UPDATE traces.subscriptions SET tier_id = $1, tier_name = 'vip' WHERE user_id = $2`, [
    tiers.vip!.id,
    upgraded,
  ]);
  expect(await audience({ tradeId: premiumTradeId, userIds: [upgraded] })).toEqual([upgraded]);
});

it('an unshared trade: its owner only; an unknown trade: nobody; no candidates: nobody', async () => {
  const everyone = [trace.ownerUserId, ...Object.values(users)];
  expect(await audience({ tradeId: privateTradeId, userIds: everyone })).toEqual([trace.ownerUserId]);
  expect(await audience({ tradeId: randomUUID(), userIds: everyone })).toEqual([]);
  expect(await audience({ tradeId: premiumTradeId, userIds: [] })).toEqual([]);
});

it('a candidate listed twice (or in capitals) is answered once', async () => {
  expect(await audience({ tradeId: premiumTradeId, userIds: [users.vip, users.vip.toUpperCase()] })).toEqual([
    users.vip,
  ]);
});

it('refuses a malformed call with 400 (nothing read)', async () => {
  const refusal = (payload: unknown) =>
    rpc.request(TradeAudienceRpc.filter, payload, { requestId: randomUUID() }).then(
      () => 'ok',
      (error: { status: number }) => error.status,
    );
  expect(await refusal({ tradeId: 'nope', userIds: [] })).toBe(400);
  expect(await refusal({ tradeId: premiumTradeId, userIds: ['not-a-uuid'] })).toBe(400);
  expect(await refusal({ tradeId: premiumTradeId })).toBe(400);
  expect(await refusal({ tradeId: premiumTradeId, userIds: Array.from({ length: 5_001 }, () => randomUUID()) })).toBe(
    400,
  );
});

it('answers 1,000 candidates in one call', async () => {
  const crowd = Array.from({ length: 1_000 }, () => randomUUID());
  expect(await audience({ tradeId: premiumTradeId, userIds: [...crowd, users.vip] })).toEqual([users.vip]);
});

const viewers = (payload: TradeViewersRpcPayload) =>
  rpc.request<TradeViewersRpcPayload, TradeViewersRpcReply>(TradeAudienceRpc.list, payload, {
    requestId: randomUUID(),
  });

it('list: every subscriber who may see a shared trade, ascending, never the owner, with the trace', async () => {
  const page = await viewers({ tradeId: premiumTradeId });
  expect(page.trace).toEqual({ id: trace.id, name: 'Audience', ownerUserId: trace.ownerUserId });
  expect(page.userIds).toEqual([...page.userIds].sort());
  expect(page.userIds).toEqual(expect.arrayContaining([users.vip, users.premium]));
  for (const unseen of [trace.ownerUserId, users.basic, users.ended, users.otherTrace, users.stranger])
    expect(page.userIds).not.toContain(unseen);
  expect(page.nextCursor).toBeNull();
});

it('list: pages by keyset until the last page', async () => {
  const crowd = Array.from({ length: 5 }, () => randomUUID());
  const ledger = subscriptionLedger();
  for (const userId of crowd)
    await dataSource.transaction((manager) =>
      ledger.start(manager, {
        userId,
        traceId: trace.id,
        tierId: tiers.vip!.id,
        source: 'user',
        correlationId: randomUUID(),
      }),
    );
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: TradeViewersRpcReply = await viewers({ tradeId: premiumTradeId, after, limit: 2 });
    seen.push(...page.userIds);
    after = page.nextCursor;
    pages += 1;
  } while (after);
  expect(seen).toEqual([...seen].sort());
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual(expect.arrayContaining([...crowd, users.vip, users.premium]));
  expect(seen).not.toContain(users.basic);
  expect(pages).toBeGreaterThanOrEqual(4);
  await dataSource.query(`DELETE FROM traces.subscriptions WHERE user_id = ANY($1::uuid[])`, [crowd]);
});

it('list: an unshared trade has no viewers (its trace still named); an unknown trade no trace; a bad call is 400', async () => {
  expect(await viewers({ tradeId: privateTradeId })).toEqual({
    trace: { id: trace.id, name: 'Audience', ownerUserId: trace.ownerUserId },
    userIds: [],
    nextCursor: null,
  });
  expect(await viewers({ tradeId: randomUUID() })).toEqual({ trace: null, userIds: [], nextCursor: null });
  const status = await rpc
    .request(TradeAudienceRpc.list, { tradeId: premiumTradeId, limit: 5_001 }, { requestId: randomUUID() })
    .then(
      () => 200,
      (error: { status: number }) => error.status,
    );
  expect(status).toBe(400);
});
