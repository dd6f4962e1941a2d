import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import {
  BrokerageAccountUpdated,
  BrokerageRpc,
  EVENTS_STREAM,
  type AccountScopedRpcRequest,
  type BrokerageAccountUpdatedV1,
  type EventEnvelope,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListPositionsRpcReply,
  type PositionView,
  type RpcRequest,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { loadConfig } from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import { TracesAppModule } from '../../src/app.module';
import { TracesConfig } from '../../src/config/traces.config';
import { BROKERAGE_ACCOUNT_UPDATED_DURABLE } from '../../src/modules/brokerage-sync-triggers/handlers/brokerage-account-updated.handler';
import { TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { stockPosition as stock } from '../support/brokerage-fixtures';
import { useTracesTestEnv } from '../support/traces-test-env';

/**
 * BrokerageAccountUpdated on JetStream (what the brokerage publishes for SnapTrade's holdings / trades webhooks)
 * reaching the owner's trades through the real traces service (its app module, its durable consumer, the real
 * owner-trades sync) on real PostgreSQL and a private nats-server, with a stand-in for the brokerage service's
 * account reads: nobody calls the owner's sync, yet the trades follow the brokerage; an event delivered again
 * changes nothing; a failing brokerage is retried; a refusal is set aside without holding the next event back.
 */
interface Account {
  accountId: string;
  positions: PositionView[];
}
const BROKERAGE = new Map<string, Account>();
/** Users whose reads fail: 503 (an outage, retried) or 401 (a refusal, not retried), `times` more times. */
const FAILURES = new Map<string, { status: number; code: string; times: number }>();
const reads: string[] = [];

@Controller()
class StandInBrokerage {
  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(@Payload() request: RpcRequest<UserScopedRpcRequest>): ListAccountsRpcReply {
    const userId = request.payload.userId;
    // The traces service acts as itself after an event (no user is signed in behind it): it names no actor.
    if (request.actor || request.actorToken)
      throw new RpcException({ status: 403, code: 'FORBIDDEN', message: 'a service never acts as a user' });
    const failure = FAILURES.get(userId);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      throw new RpcException({ status: failure.status, code: failure.code, message: 'refused' });
    }
    reads.push(userId);
    const account = BROKERAGE.get(userId);
    return { accounts: account ? [{ id: account.accountId } as ListAccountsRpcReply['accounts'][number]] : [] };
  }

  @MessagePattern(BrokerageRpc.listPositions)
  positions(@Payload() request: RpcRequest<AccountScopedRpcRequest>): ListPositionsRpcReply {
    return { positions: BROKERAGE.get(request.payload.userId)!.positions };
  }

  @MessagePattern(BrokerageRpc.listOrders)
  orders(): ListOrdersRpcReply {
    return { orders: [], nextCursor: null };
  }
}
@Module({ controllers: [StandInBrokerage] })
class StandInBrokerageModule {}

const env = useTracesTestEnv('traces_sync_triggers', {
  standIn: { module: StandInBrokerageModule, service: 'brokerage' },
});
let publisher: NatsConnection;

/** The traces service itself, on the env's database and nats-server (the stand-in's). */
beforeAll(async () => {
  const config = loadConfig(TracesConfig, {
    DATABASE_URL: env.databaseUrl,
    NATS_URL: env.natsUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  });
  const moduleRef = await Test.createTestingModule({ imports: [TracesAppModule.register(config)] }).compile();
  const traces = moduleRef.createNestApplication({ logger: false });
  env.closeFirst(() => traces.close());
  await traces.init();
  publisher = await connect({ servers: env.natsUrl });
  env.closeFirst(() => publisher.close());
}, 90_000);

/** An owner with a trace (no trades yet) and a brokerage account holding `positions`. */
async function owner(positions: PositionView[]) {
  const ownerId = randomUUID();
  const trace = await createTrace(env.dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Webhook owner',
    handle: `wh_${randomUUID().slice(0, 8)}`,
  });
  const account = { accountId: `snap-${randomUUID().slice(0, 8)}`, positions };
  BROKERAGE.set(ownerId, account);
  return { ownerId, traceId: trace.id, account };
}

/** The event as the brokerage's outbox relay publishes it (the event id is the Nats-Msg-Id). */
function accountUpdated(userId: string, accountId: string): EventEnvelope<BrokerageAccountUpdatedV1> {
  const id = randomUUID();
  return {
    id,
    type: BrokerageAccountUpdated.type,
    version: BrokerageAccountUpdated.version,
    occurredAt: new Date().toISOString(),
    producer: 'brokerage',
    correlationId: `webhook-${id}`,
    aggregateId: `provider-notification:snaptrade:${id}`,
    aggregateVersion: 1,
    data: {
      userId,
      provider: 'snaptrade',
      accountId,
      connectionId: 'auth-1',
      reason: 'HOLDINGS_UPDATED',
      providerEventId: `wh-${id}`,
      occurredAt: new Date().toISOString(),
    },
  };
}

/** `msgId` other than the event id: a re-emission JetStream's duplicate window would not catch. */
async function publish(envelope: EventEnvelope, msgId = envelope.id): Promise<void> {
  await jetstream(publisher).publish(BrokerageAccountUpdated.subject, JSON.stringify(envelope), { msgID: msgId });
}

const openTrades = async (traceId: string) =>
  (await env.dataSource.getRepository(TradeEntity).find({ where: { traceId }, order: { symbol: 'ASC' } }))
    .filter((trade) => trade.status === 'open')
    .map((trade) => `${trade.symbol} ${Number(trade.quantity)}`);
const readsOf = (userId: string) => reads.filter((id) => id === userId).length;
const inboxRows = async (eventId: string) =>
  (
    (await env.dataSource.query(`SELECT 1 FROM traces.inbox WHERE consumer = $1 AND event_id = $2`, [
      BROKERAGE_ACCOUNT_UPDATED_DURABLE,
      eventId,
    ])) as unknown[]
  ).length;
const consumerIdle = async () => {
  const info = await (
    await jetstreamManager(publisher)
  ).consumers.info(EVENTS_STREAM, BROKERAGE_ACCOUNT_UPDATED_DURABLE);
  expect([info.num_pending, info.num_ack_pending]).toEqual([0, 0]);
};

it('an account update syncs the owner’s trades with no call from the owner, and a second delivery changes nothing', async () => {
  const { ownerId, traceId, account } = await owner([stock('MSFT', 10, 410, 400), stock('NVDA', 5, 120, 100)]);
  expect(await openTrades(traceId)).toEqual([]);

  const event = accountUpdated(ownerId, account.accountId);
  await publish(event);
  await expectEventually(async () => expect(await openTrades(traceId)).toEqual(['MSFT 10', 'NVDA 5']));
  expect(readsOf(ownerId)).toBe(1);
  // The sync commits its trades in its own transaction, before the consumer's inbox transaction commits the event.
  await expectEventually(async () => expect(await inboxRows(event.id)).toBe(1));

  // The same event again, past JetStream's duplicate window (another message id): the inbox skips it.
  account.positions = [stock('MSFT', 10, 410, 400), stock('NVDA', 5, 120, 100), stock('AMD', 3, 150, 140)];
  await publish(event, `${event.id}-again`);
  await expectEventually(consumerIdle);
  expect(readsOf(ownerId)).toBe(1);
  expect(await openTrades(traceId)).toEqual(['MSFT 10', 'NVDA 5']);

  // A new notification is a new sync: the new position arrives, the sold one closes.
  account.positions = [stock('MSFT', 10, 410, 400), stock('AMD', 3, 150, 140)];
  await publish(accountUpdated(ownerId, account.accountId));
  await expectEventually(async () => expect(await openTrades(traceId)).toEqual(['AMD 3', 'MSFT 10']));
  expect(readsOf(ownerId)).toBe(2);
});

it('syncs every trace the user owns, and leaves other owners alone', async () => {
  const { ownerId, traceId, account } = await owner([stock('AAPL', 2, 200, 190)]);
  const second = await createTrace(env.dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Second trace',
    handle: `wh2_${randomUUID().slice(0, 8)}`,
  });
  const bystander = await owner([stock('TSLA', 1, 300, 280)]);
  await publish(accountUpdated(ownerId, account.accountId));
  await expectEventually(async () => {
    expect(await openTrades(traceId)).toEqual(['AAPL 2']);
    expect(await openTrades(second.id)).toEqual(['AAPL 2']);
  });
  expect(readsOf(ownerId)).toBe(2);
  expect(readsOf(bystander.ownerId)).toBe(0);
  expect(await openTrades(bystander.traceId)).toEqual([]);
});

it('an update for a user who owns no trace reads nothing and is consumed', async () => {
  const stranger = randomUUID();
  const event = accountUpdated(stranger, 'acc-x');
  await publish(event);
  await expectEventually(async () => expect(await inboxRows(event.id)).toBe(1));
  expect(readsOf(stranger)).toBe(0);
});

it('a brokerage outage is retried until the sync goes through', async () => {
  const { ownerId, traceId, account } = await owner([stock('META', 4, 500, 450)]);
  FAILURES.set(ownerId, { status: 503, code: 'SERVICE_UNAVAILABLE', times: 1 });
  await publish(accountUpdated(ownerId, account.accountId));
  await expectEventually(async () => expect(await openTrades(traceId)).toEqual(['META 4']), { timeoutMs: 20_000 });
  expect(FAILURES.get(ownerId)!.times).toBe(0);
  expect(readsOf(ownerId)).toBe(1);
}, 30_000);

it('a refusal is set aside at once, and the next update of the same user still goes through', async () => {
  const { ownerId, traceId, account } = await owner([stock('ORCL', 7, 100, 90)]);
  FAILURES.set(ownerId, { status: 401, code: 'PROVIDER_CREDENTIALS_INVALID', times: 1 });
  const refused = accountUpdated(ownerId, account.accountId);
  await publish(refused);
  await expectEventually(async () => {
    const rows = (await env.dataSource.query(`SELECT deliveries FROM traces.dead_letter WHERE event_id = $1`, [
      refused.id,
    ])) as Array<{ deliveries: number }>;
    expect(rows).toEqual([{ deliveries: 1 }]);
  });
  expect(await openTrades(traceId)).toEqual([]);

  await publish(accountUpdated(ownerId, account.accountId));
  await expectEventually(async () => expect(await openTrades(traceId)).toEqual(['ORCL 7']));
});
