import { randomUUID } from 'node:crypto';
import type { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import type { EventEnvelope, RpcRequest } from '@copytrade/contracts';
import {
  devActorSigner,
  devActorVerificationGuard,
  devSignedActor,
  natsRpcClientOptions,
  natsRpcServerOptions,
  type OutboxRelay,
  OutboxWriter,
  RpcClient,
  runServiceMigrations,
} from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { TierEntity, TradeEntity, type TraceEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { SubscriptionLedger } from '../../src/modules/subscriptions/subscription-ledger';

/**
 * What the traces integration suites share: a fresh database with the real migrations, and — for suites whose code
 * asks another service over NATS request/reply — a private nats-server running a stand-in for that service, and an
 * RpcClient to reach it (a private server, so another suite's replica in the same queue group never answers).
 */
export interface TracesTestEnv {
  readonly dataSource: DataSource;
  /** The suite's database, for what the suite starts on it itself (the traces app). */
  readonly databaseUrl: string;
  /** Only with a stand-in. */
  readonly rpc: RpcClient;
  /** Only with a stand-in. */
  readonly natsUrl: string;
  /** Stops the stand-in before the suite ends (a service gone away); afterAll then leaves it. */
  stopStandIn(): Promise<void>;
  /**
   * Closes what the suite started on this env (an app, a NATS connection) before the env's own teardown, the last
   * registered first. jest runs afterAll hooks in the order they were declared, so a suite's own afterAll would run
   * after the database and nats-server are gone.
   */
  closeFirst(close: () => Promise<unknown>): void;
}

export interface TracesTestEnvOptions {
  /** A Nest module of @MessagePattern controllers answering as `service` would. */
  standIn?: { module: Type<unknown>; service: string };
  /** Connections in the pool (suites running many calls at once). */
  poolSize?: number;
}

/** Registers the suite's beforeAll / afterAll; call at the top of the spec, before the suite's own hooks. */
export function useTracesTestEnv(label: string, options: TracesTestEnvOptions = {}): TracesTestEnv {
  let database: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  let nats: PrivateNats | undefined;
  let standIn: INestMicroservice | undefined;
  let client: ClientProxy | undefined;
  let rpc: RpcClient | undefined;
  const closers: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    database = await createTestDatabase(label);
    await runServiceMigrations(tracesDataSourceOptions(database.url));
    dataSource = new DataSource({
      ...tracesDataSourceOptions(database.url),
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    } as DataSourceOptions);
    await dataSource.initialize();
    if (options.standIn) {
      nats = await startPrivateNats();
      standIn = await NestFactory.createMicroservice(options.standIn.module, {
        ...natsRpcServerOptions(nats.url, options.standIn.service),
        logger: false,
      });
      standIn.useGlobalGuards(devActorVerificationGuard());
      await standIn.listen();
      client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, `${label}-test`));
      rpc = new RpcClient(client, undefined, devActorSigner());
    }
  }, 60_000);

  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await client?.close();
    await standIn?.close();
    await dataSource?.destroy();
    await nats?.stop();
    await database?.drop();
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not set up for this suite`);
    return value;
  };
  return {
    get dataSource() {
      return required(dataSource, 'The database');
    },
    get databaseUrl() {
      return required(database, 'The database').url;
    },
    get rpc() {
      return required(rpc, 'A stand-in');
    },
    get natsUrl() {
      return required(nats, 'A stand-in').url;
    },
    async stopStandIn() {
      await standIn?.close();
      standIn = undefined;
    },
    closeFirst(close) {
      closers.push(close);
    },
  };
}

/** A request as the gateway sends it, from `userId`. */
export const call = <T>(userId: string, payload: T, isAdmin = false): RpcRequest<T> => ({
  requestId: randomUUID(),
  actor: devSignedActor({ userId, isAdmin }),
  payload,
});

type Refusal = { status?: number; code?: string; message: string };
/** 'ok', or the refusal as `<status> <code>`. */
export const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Refusal) => `${error.status} ${error.code}`,
  );
/** 'ok', or the refusal as `<status> <code> <message>`. */
export const outcomeWithMessage = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Refusal) => `${error.status} ${error.code} ${error.message}`,
  );

/** The service's outbox writer, as the messaging module makes it. */
export const tracesOutbox = () => new OutboxWriter({ schema: 'traces', producer: 'traces' });
/** A relay that is never kicked into publishing (the suites read the outbox table). */
export const idleRelay = { kick: () => undefined } as unknown as OutboxRelay;
/** The subscription ledger as the service makes it, writing to the outbox only. */
export const subscriptionLedger = () => new SubscriptionLedger(tracesOutbox(), idleRelay);

/** The events of trade `tradeId` in the outbox (aggregate `trade:<id>`), in order; only `subject`'s when given. */
export const tradeEvents = async <T = Record<string, unknown>>(
  dataSource: DataSource,
  tradeId: string,
  subject?: string,
) =>
  (await dataSource.query(
    `SELECT subject, aggregate_version::int AS version, envelope FROM traces.outbox
      WHERE aggregate_id = $1 AND ($2::text IS NULL OR subject = $2) ORDER BY aggregate_version`,
    [`trade:${tradeId}`, subject ?? null],
  )) as Array<{ subject: string; version: number; envelope: EventEnvelope<T> }>;

export interface FollowedTrace {
  trace: TraceEntity;
  /** The trace's tiers by name (the defaults createTrace makes). */
  tiers: Record<string, TierEntity>;
  /** Subscribes `userId` to the tier named `tier` through the ledger (as the service does). */
  join(userId: string, tier: string): Promise<unknown>;
  /** A shared open AAPL trade of the trace (10 at $150.25, basic tier), with `values` over it. */
  addTrade(values?: Partial<TradeEntity>): Promise<TradeEntity>;
  /** The trades every copy rule is checked on: shared at basic, premium and free; private; closed. */
  addRuleTrades(): Promise<Record<'basic' | 'premium' | 'freeTier' | 'private' | 'closed', TradeEntity>>;
}

/** A new trace of `ownerUserId` (handle `<prefix>_<random>`) with what the copy suites seed on it. */
export async function followedTrace(
  dataSource: DataSource,
  { ownerUserId, name, handlePrefix }: { ownerUserId: string; name: string; handlePrefix: string },
): Promise<FollowedTrace> {
  const trace = await dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId, name, handle: `${handlePrefix}_${randomUUID().slice(0, 8)}` }),
  );
  const tiers = Object.fromEntries(
    (await dataSource.getRepository(TierEntity).findBy({ traceId: trace.id })).map((tier) => [tier.name, tier]),
  );
  const ledger = subscriptionLedger();
  const trades = dataSource.getRepository(TradeEntity);
  const addTrade = (values: Partial<TradeEntity> = {}) =>
    trades.save(
      trades.create({
        traceId: trace.id,
        symbol: 'AAPL',
        side: 'buy',
        quantity: '10',
        price: '150.25',
        currentPrice: '151',
        status: 'open',
        executedAt: new Date('2026-01-05T15:00:00Z'),
        isShared: true,
        requiredTier: 'basic',
        sharedAt: new Date('2026-01-05T15:30:00Z'),
        ...values,
      }),
    );
  return {
    trace,
    tiers,
    addTrade,
    addRuleTrades: async () => ({
      basic: await addTrade(),
      premium: await addTrade({ symbol: 'MSFT', requiredTier: 'premium' }),
      freeTier: await addTrade({ symbol: 'F', requiredTier: 'free' }),
      private: await addTrade({ isShared: false, requiredTier: null, sharedAt: null }),
      closed: await addTrade({ status: 'closed', ownerStatus: 'sold', closedAt: new Date() }),
    }),
    join: (userId, tier) =>
      dataSource.transaction((manager) =>
        ledger.start(manager, {
          userId,
          traceId: trace.id,
          tierId: tiers[tier]!.id,
          source: 'user',
          correlationId: 'c',
        }),
      ),
  };
}
