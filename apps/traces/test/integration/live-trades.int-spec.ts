import { randomUUID } from 'node:crypto';
import { Controller, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  IdentityUsersRpc,
  LIVE_TRADES_MAX,
  TracesLiveTradesRpc,
  type LiveTradesRpcPayload,
  type LiveTradesRpcReply,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import {
  devActorVerificationGuard,
  devSignedActor,
  natsRpcServerOptions,
  RpcClient,
  RpcErrorFilter,
  rpcValidationPipe,
} from '@copytrade/nest';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { IdentityUsers } from '../../src/modules/identity-users/identity-users';
import { LiveTradesController } from '../../src/modules/live-trades/live-trades.controller';
import { ListLiveTradesUseCase } from '../../src/modules/live-trades/live-trades.use-case';
import { TierEntity, TradeEntity, type TraceEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { addTrades, type NewTrade } from '../../src/modules/shared/trade-writer';
import { outcome, subscriptionLedger, useTracesTestEnv } from '../support/traces-test-env';

/**
 * rpc.traces.live-trades.list over NATS, answered by the real use case on real PostgreSQL (the migrations), with a
 * stand-in for identity's user lookup: the Trading Terminal's trades — the open shared trades of the traces the user
 * owns or actively subscribes to, by the trace page's tier rule; nothing unshared, closed, above the user's tier, of
 * an ended subscription or of another trace.
 */
const USERNAMES = new Map<string, string>();

@Controller()
class IdentityStandIn {
  @MessagePattern(IdentityUsersRpc.lookup)
  lookup(@Payload() request: RpcRequest<LookupUsersRpcRequest>): LookupUsersRpcReply {
    return {
      users: request.payload.ids
        .filter((id) => USERNAMES.has(id))
        .map((id) => ({ id, username: USERNAMES.get(id)!, email: null })),
    };
  }
}
@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

const env = useTracesTestEnv('traces_live_trades', { standIn: { module: IdentityStandInModule, service: 'identity' } });

@Module({})
class LiveTradesServiceModule {
  static register(databaseUrl: string, identity: RpcClient): DynamicModule {
    return {
      module: LiveTradesServiceModule,
      imports: [TypeOrmModule.forRoot({ ...tracesDataSourceOptions(databaseUrl), migrationsRun: false })],
      controllers: [LiveTradesController],
      providers: [ListLiveTradesUseCase, { provide: IdentityUsers, useValue: new IdentityUsers(identity) }],
    };
  }
}

let service: INestMicroservice;

const list = (userId: string, payload: LiveTradesRpcPayload = { userId }) =>
  env.rpc.request<LiveTradesRpcPayload, LiveTradesRpcReply>(TracesLiveTradesRpc.list, payload, {
    requestId: randomUUID(),
    actor: devSignedActor({ userId, isAdmin: false }),
  });
const symbolsOf = async (userId: string) => (await list(userId)).trades.map((trade) => trade.symbol).sort();

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
let other: TraceEntity;
const users = {
  vip: randomUUID(),
  premium: randomUUID(),
  basic: randomUUID(),
  ended: randomUUID(),
  otherTrace: randomUUID(),
  stranger: randomUUID(),
};

beforeAll(async () => {
  service = await NestFactory.createMicroservice(LiveTradesServiceModule.register(env.databaseUrl, env.rpc), {
    ...natsRpcServerOptions(env.natsUrl, 'traces'),
    logger: false,
  });
  service.useGlobalGuards(devActorVerificationGuard());
  service.useGlobalPipes(rpcValidationPipe());
  service.useGlobalFilters(new RpcErrorFilter());
  await service.listen();
  env.closeFirst(() => service.close());

  const { dataSource } = env;
  const ownerId = randomUUID();
  USERNAMES.set(ownerId, 'live_trader');
  trace = await dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId: ownerId, name: 'Live', handle: `live_${randomUUID().slice(0, 8)}` }),
  );
  other = await dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId: randomUUID(), name: 'Other', handle: `oth_${randomUUID().slice(0, 8)}` }),
  );
  const tierOf = async (traceId: string, name: string) =>
    dataSource.getRepository(TierEntity).findOneByOrFail({ traceId, name: name as TierEntity['name'] });
  const ledger = subscriptionLedger();
  const join = async (userId: string, traceId: string, tierName: string) => {
    const tier = await tierOf(traceId, tierName);
    await dataSource.transaction((manager) =>
      ledger.start(manager, { userId, traceId, tierId: tier.id, source: 'user', correlationId: randomUUID() }),
    );
  };
  await join(users.vip, trace.id, 'vip');
  await join(users.premium, trace.id, 'premium');
  await join(users.basic, trace.id, 'basic');
  await join(users.ended, trace.id, 'vip');
  await dataSource.query(
    `UPDATE traces.subscriptions SET status = 'ended', ended_at = now() WHERE user_id = $1 AND trace_id = $2`,
    [users.ended, trace.id],
  );
  await join(users.otherTrace, other.id, 'vip');
  const minute = 60_000;
  await dataSource.transaction((manager) =>
    addTrades(manager, trace.id, [
      trade({ symbol: 'FREE', isShared: true, requiredTier: 'free', executedAt: new Date(Date.now() - 4 * minute) }),
      trade({ symbol: 'BASC', isShared: true, requiredTier: 'basic', executedAt: new Date(Date.now() - 3 * minute) }),
      trade({ symbol: 'PREM', isShared: true, requiredTier: 'premium', executedAt: new Date(Date.now() - 2 * minute) }),
      trade({ symbol: 'VIPS', isShared: true, requiredTier: 'vip', executedAt: new Date(Date.now() - minute) }),
      trade({ symbol: 'PRIV', isShared: false }),
      trade({ symbol: 'SHUT', isShared: true, requiredTier: 'free', status: 'closed', currentPrice: 120 }),
    ]),
  );
  await dataSource.transaction((manager) =>
    addTrades(manager, other.id, [trade({ symbol: 'ELSE', isShared: true, requiredTier: 'free' })]),
  );
}, 60_000);

it('a subscriber sees the open shared trades their tier allows, newest first — not unshared, closed or higher-tier ones', async () => {
  const { trades, truncated } = await list(users.premium);
  expect(trades.map((row) => row.symbol)).toEqual(['PREM', 'BASC', 'FREE']);
  expect(truncated).toBe(false);
  const prem = trades[0]!;
  expect(prem).toMatchObject({
    traceId: trace.id,
    traceName: 'Live',
    traceHandle: trace.handle,
    trader: { id: trace.ownerUserId, username: 'live_trader' },
    side: 'buy',
    quantity: 10,
    price: 100,
    currentPrice: 101,
    unrealizedPnl: 10,
    status: 'open',
    requiredTier: 'premium',
    isOwn: false,
  });
});

it.each([
  ['vip', () => users.vip, ['BASC', 'FREE', 'PREM', 'VIPS']],
  ['basic', () => users.basic, ['BASC', 'FREE']],
  ['an ended vip subscription', () => users.ended, []],
  ['a vip subscriber of another trace (that trace’s trades only)', () => users.otherTrace, ['ELSE']],
  ['a stranger', () => users.stranger, []],
])('%s → only the trades of their access', async (_who, user, symbols) => {
  expect(await symbolsOf(user())).toEqual(symbols);
});

it('the owner sees every open shared trade of their own trace (no subscription), marked as their own', async () => {
  const { trades } = await list(trace.ownerUserId);
  expect(trades.map((row) => row.symbol).sort()).toEqual(['BASC', 'FREE', 'PREM', 'VIPS']);
  expect(trades.every((row) => row.isOwn)).toBe(true);
});

it('reads access at each call: a new subscription, an upgrade and a closed trade count at once', async () => {
  const user = randomUUID();
  expect(await symbolsOf(user)).toEqual([]);
  const basic = await env.dataSource.getRepository(TierEntity).findOneByOrFail({ traceId: trace.id, name: 'basic' });
  await env.dataSource.transaction((manager) =>
    subscriptionLedger().start(manager, {
      userId: user,
      traceId: trace.id,
      tierId: basic.id,
      source: 'user',
      correlationId: randomUUID(),
    }),
  );
  expect(await symbolsOf(user)).toEqual(['BASC', 'FREE']);
  const vip = await env.dataSource.getRepository(TierEntity).findOneByOrFail({ traceId: trace.id, name: 'vip' });
  await env.dataSource.query(`UPDATE traces.subscriptions SET tier_id = $1, tier_name = 'vip' WHERE user_id = $2`, [
    vip.id,
    user,
  ]);
  expect(await symbolsOf(user)).toEqual(['BASC', 'FREE', 'PREM', 'VIPS']);
  await env.dataSource.query(
    `UPDATE traces.trades SET status = 'closed', closed_at = now() WHERE trace_id = $1 AND symbol = 'VIPS'`,
    [trace.id],
  );
  expect(await symbolsOf(user)).toEqual(['BASC', 'FREE', 'PREM']);
  await env.dataSource.query(
    `UPDATE traces.trades SET status = 'open', closed_at = NULL WHERE trace_id = $1 AND symbol = 'VIPS'`,
    [trace.id],
  );
});

it(`answers the newest ${LIVE_TRADES_MAX} when more are visible, and says so`, async () => {
  const owner = randomUUID();
  const busy = await env.dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId: owner, name: 'Busy', handle: `busy_${randomUUID().slice(0, 8)}` }),
  );
  const start = Date.now() - 1_000_000;
  await env.dataSource.transaction((manager) =>
    addTrades(
      manager,
      busy.id,
      Array.from({ length: LIVE_TRADES_MAX + 5 }, (_, index) =>
        trade({
          symbol: `S${index}`,
          isShared: true,
          requiredTier: 'free',
          executedAt: new Date(start + index * 1000),
        }),
      ),
    ),
  );
  const { trades, truncated } = await list(owner);
  expect(trades).toHaveLength(LIVE_TRADES_MAX);
  expect(truncated).toBe(true);
  expect(trades[0]!.symbol).toBe(`S${LIVE_TRADES_MAX + 4}`);
  expect(trades.at(-1)!.symbol).toBe('S5');
  expect(await env.dataSource.getRepository(TradeEntity).countBy({ traceId: busy.id })).toBe(LIVE_TRADES_MAX + 5);
});

it('refuses another user’s id (403) and a call without an actor (401)', async () => {
  expect(await outcome(list(users.vip, { userId: users.premium }))).toBe('403 FORBIDDEN');
  expect(
    await outcome(env.rpc.request(TracesLiveTradesRpc.list, { userId: users.vip }, { requestId: randomUUID() })),
  ).toMatch(/^401 /);
  expect(await outcome(list(users.vip, { userId: 'nope' }))).toMatch(/^400 /);
});
