import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  CopyClosed,
  CopyOpened,
  EVENTS_STREAM,
  FOLLOWER_RESULTS_WINDOWS,
  TraceFollowerResultsComputed,
  TracesChangedSubject,
  TracesRpc,
  type CopyClosedV1,
  type CopyOpenedV1,
  type EventDefinition,
  type EventEnvelope,
  type TraceFollowerResultsComputedV1,
} from '@copytrade/contracts';
import {
  devActorVerificationGuard,
  loadConfig,
  natsRpcServerOptions,
  RpcErrorFilter,
  rpcValidationPipe,
  type ApplyProjectionsRpcReply,
  type ApplyProjectionsRpcRequest,
} from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import { TracesAppModule } from '../../src/app.module';
import { TracesConfig } from '../../src/config/traces.config';
import { COPY_COUNTS_DURABLE } from '../../src/modules/copy-counts/copy-counts.handler';
import { FOLLOWER_RESULTS_DURABLE } from '../../src/modules/follower-results/follower-results.handler';
import { TradeEntity } from '../../src/modules/shared/entities';
import { followedTrace, useTracesTestEnv } from '../support/traces-test-env';

/**
 * The copy engine's events reaching the real traces service (its app module and durable consumers) over JetStream, on
 * real PostgreSQL and a private nats-server: each copy that opened is counted once on its trade, whatever the
 * redeliveries, duplicates and order of its aggregate's events; the copier's copy applied synchronously
 * (rpc.traces.projections.apply) is not counted again by the JetStream delivery, and the gateways are told before it
 * answers; the follower results keep the newest version only.
 */
@Module({})
class NoStandIn {}
const env = useTracesTestEnv('traces_copy_events', { standIn: { module: NoStandIn, service: 'identity' } });
let nc: NatsConnection;
const changed: string[] = [];

beforeAll(async () => {
  const config = loadConfig(TracesConfig, {
    DATABASE_URL: env.databaseUrl,
    NATS_URL: env.natsUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  });
  // The service as it runs: its RPC handlers (the synchronous projection) and its durable consumers.
  const traces = await NestFactory.createMicroservice(TracesAppModule.register(config), {
    ...natsRpcServerOptions(env.natsUrl, 'traces'),
    logger: false,
  });
  traces.useGlobalGuards(devActorVerificationGuard());
  traces.useGlobalPipes(rpcValidationPipe());
  traces.useGlobalFilters(new RpcErrorFilter());
  await traces.listen();
  env.closeFirst(() => traces.close());
  nc = await connect({ servers: env.natsUrl });
  env.closeFirst(() => nc.close());
  const subscription = nc.subscribe(TracesChangedSubject);
  void (async () => {
    for await (const message of subscription) changed.push(message.json<{ traceId?: string }>().traceId ?? '*');
  })();
}, 90_000);

function envelope<T>(definition: EventDefinition<T>, aggregateId: string, version: number, data: T): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type: definition.type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    producer: 'copy-engine',
    correlationId: randomUUID(),
    aggregateId,
    aggregateVersion: version,
    data,
  };
}

const copyFields = (copyId: string, tradeId: string, traceId: string, userId = randomUUID()) => ({
  copyId,
  userId,
  originalTradeId: tradeId,
  traceId,
  placement: 'manual' as const,
  symbol: 'AAPL',
  side: 'buy' as const,
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
  quantity: '2',
  entryPrice: '150.5',
  brokerageAccountId: 'acc-1',
});
const copyOpened = (copyId: string, tradeId: string, traceId: string, userId?: string) =>
  envelope<CopyOpenedV1>(CopyOpened, `copy:${copyId}`, 1, {
    ...copyFields(copyId, tradeId, traceId, userId),
    requestId: randomUUID(),
    brokerageOrderId: null,
    requestedQuantity: '2',
    copyAmount: '301',
    traderPrice: '150.25',
    traderSharedAt: null,
    openedAt: new Date().toISOString(),
  });
const copyClosed = (copyId: string, tradeId: string, traceId: string) =>
  envelope<CopyClosedV1>(CopyClosed, `copy:${copyId}`, 2, {
    ...copyFields(copyId, tradeId, traceId),
    exitPrice: '151',
    realizedPnl: '1',
    sellOrderId: null,
    closedAt: new Date().toISOString(),
  });

/** `msgId` other than the event id: a redelivery JetStream's duplicate window would not catch. */
async function publish(subject: string, event: EventEnvelope<unknown>, msgId = event.id): Promise<void> {
  await jetstream(nc).publish(subject, JSON.stringify(event), { msgID: msgId });
}

const copyCount = async (tradeId: string) =>
  (await env.dataSource.getRepository(TradeEntity).findOneByOrFail({ id: tradeId })).copyCount;
const countedCopies = async (tradeId: string) =>
  Number(
    (
      (await env.dataSource.query(`SELECT count(*) AS n FROM traces.trade_copies WHERE trade_id = $1`, [tradeId])) as [
        { n: string },
      ]
    )[0].n,
  );
const consumerIdle = (durable: string) => async () => {
  const info = await (await jetstreamManager(nc)).consumers.info(EVENTS_STREAM, durable);
  expect([info.num_pending, info.num_ack_pending]).toEqual([0, 0]);
};

async function sharedTrade() {
  const followed = await followedTrace(env.dataSource, {
    ownerUserId: randomUUID(),
    name: 'Copied trace',
    handlePrefix: 'ce',
  });
  return { traceId: followed.trace.id, trade: await followed.addTrade() };
}

describe('copy counts', () => {
  it('counts a copy once: the same event delivered twice, then its close, change nothing more', async () => {
    const { traceId, trade } = await sharedTrade();
    const opened = copyOpened(randomUUID(), trade.id, traceId);
    await publish(CopyOpened.subject, opened);
    await expectEventually(async () => expect(await copyCount(trade.id)).toBe(1));

    await publish(CopyOpened.subject, opened, `${opened.id}-again`);
    await publish(CopyClosed.subject, copyClosed(opened.data.copyId, trade.id, traceId));
    await expectEventually(consumerIdle(COPY_COUNTS_DURABLE));
    expect(await copyCount(trade.id)).toBe(1);
    expect(await countedCopies(trade.id)).toBe(1);
    expect(changed).toContain(traceId);
  });

  it('out of order and duplicated: a close before its open waits for it; a second CopyOpened of a copy is not counted', async () => {
    const { traceId, trade } = await sharedTrade();
    const copyId = randomUUID();
    const opened = copyOpened(copyId, trade.id, traceId);
    await publish(CopyClosed.subject, copyClosed(copyId, trade.id, traceId));
    await publish(CopyOpened.subject, opened);
    await expectEventually(async () => expect(await copyCount(trade.id)).toBe(1));
    // The same copy announced again under another event id (version 1 again: stale) is still one copy.
    await publish(CopyOpened.subject, { ...opened, id: randomUUID() });
    // Another follower's copy counts.
    await publish(CopyOpened.subject, copyOpened(randomUUID(), trade.id, traceId));
    await expectEventually(async () => expect(await copyCount(trade.id)).toBe(2));
    await expectEventually(consumerIdle(COPY_COUNTS_DURABLE), { timeoutMs: 15_000 });
    expect(await copyCount(trade.id)).toBe(2);
    expect(await countedCopies(trade.id)).toBe(2);
  }, 30_000);

  it('a burst of copies of several trades is counted exactly', async () => {
    const { traceId, trade } = await sharedTrade();
    const other = await sharedTrade();
    const events = [
      ...Array.from({ length: 40 }, () => copyOpened(randomUUID(), trade.id, traceId)),
      ...Array.from({ length: 25 }, () => copyOpened(randomUUID(), other.trade.id, other.traceId)),
    ];
    await Promise.all(events.map((event) => publish(CopyOpened.subject, event)));
    await expectEventually(async () => {
      expect(await copyCount(trade.id)).toBe(40);
      expect(await copyCount(other.trade.id)).toBe(25);
    });
  });

  it("the copier's copy applied synchronously shows at once, the gateways told first; its JetStream delivery changes nothing", async () => {
    const { traceId, trade } = await sharedTrade();
    const opened = copyOpened(randomUUID(), trade.id, traceId);
    const before = changed.length;
    const reply = await env.rpc.request<ApplyProjectionsRpcRequest, ApplyProjectionsRpcReply>(
      TracesRpc.applyProjections,
      { subject: CopyOpened.subject, envelope: opened },
      { requestId: randomUUID() },
    );
    expect(reply.applied).toEqual([{ consumer: COPY_COUNTS_DURABLE, outcome: 'handled' }]);
    expect(await copyCount(trade.id)).toBe(1);
    // Published and flushed before the reply: the one broadcast names this trace only (no "every trace").
    await expectEventually(async () => expect(changed.slice(before)).toContain(traceId), { timeoutMs: 1_000 });
    expect(changed.slice(before)).not.toContain('*');

    await publish(CopyOpened.subject, opened);
    await expectEventually(consumerIdle(COPY_COUNTS_DURABLE));
    expect(await copyCount(trade.id)).toBe(1);
    expect(await countedCopies(trade.id)).toBe(1);
  });
});

describe('follower results', () => {
  const computed = (traceId: string, version: number, median: number) =>
    envelope<TraceFollowerResultsComputedV1>(TraceFollowerResultsComputed, `trace-results:${traceId}`, version, {
      traceId,
      computedAt: new Date(Date.UTC(2026, 10, version)).toISOString(),
      windows: FOLLOWER_RESULTS_WINDOWS.map((window) => ({
        window,
        followers: 11,
        copiesPlaced: 30,
        copiesSkipped: 0,
        copiesNotPlaced: 1,
        fillRate: 96.77,
        closedCopies: 12,
        followerReturnMedian: median,
        followerReturnP90: median + 10,
        traderReturnMedian: 5,
        delayMedianMs: 500,
        delayP95Ms: 1500,
        slippageMedian: 0.2,
        slippageP95: 0.8,
        autoCopiedShare: 40,
        sharedTrades: 6,
      })),
      weekly: [],
    });
  const stored = async (traceId: string) =>
    (
      (await env.dataSource.query(
        `SELECT aggregate_version::int AS version, follower_return_median::float AS median
           FROM traces.trace_follower_results WHERE trace_id = $1`,
        [traceId],
      )) as Array<{ version: number; median: number }>
    )[0];

  it('keeps the newest version: an old one delivered again, or a newer one arriving first, never leaves older figures', async () => {
    const { traceId } = await sharedTrade();
    const first = computed(traceId, 1, 1.5);
    await publish(TraceFollowerResultsComputed.subject, first);
    await publish(TraceFollowerResultsComputed.subject, computed(traceId, 2, 2.5));
    await expectEventually(async () => expect(await stored(traceId)).toEqual({ version: 2, median: 2.5 }));
    await publish(TraceFollowerResultsComputed.subject, first, `${first.id}-again`);
    // Version 4 before version 3: held until 3 is applied, then applied after it.
    await publish(TraceFollowerResultsComputed.subject, computed(traceId, 4, 4.5));
    await publish(TraceFollowerResultsComputed.subject, computed(traceId, 3, 3.5));
    await expectEventually(async () => expect(await stored(traceId)).toEqual({ version: 4, median: 4.5 }), {
      timeoutMs: 15_000,
    });
    await expectEventually(consumerIdle(FOLLOWER_RESULTS_DURABLE));
    expect(await stored(traceId)).toEqual({ version: 4, median: 4.5 });
    expect(changed).toContain(traceId);
  }, 30_000);
});
