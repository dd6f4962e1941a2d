import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { TracesChangedSubject } from '@copytrade/contracts';
import { devSignedActor, OutboxWriter, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { TierEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { addTrades, type NewTrade } from '../../src/modules/shared/trade-writer';
import { SubscriptionLedger } from '../../src/modules/subscriptions/subscription-ledger';
import { SubscribeUseCase } from '../../src/modules/subscriptions/use-cases/subscribe.use-case';
import { TracesChanges } from '../../src/modules/traces-changes/traces-changes';

/** Writers that get only an entity manager announce their trace's change after the commit, once per trace. */
let database: TestDatabase;
let dataSource: DataSource;
/** Each flushed broadcast: its trace, and the trace's subscriber count as another connection saw it then. */
let announced: Array<{ traceId?: string; subscribersSeen: number | null }>;

beforeAll(async () => {
  database = await createTestDatabase('traces_changes');
  await runServiceMigrations(tracesDataSourceOptions(database.url));
  dataSource = new DataSource(tracesDataSourceOptions(database.url));
  await dataSource.initialize();
  const published: Array<{ subject: string; traceId?: string }> = [];
  const nats = {
    publish: (subject: string, data: string) => published.push({ subject, ...JSON.parse(data) }),
    flush: async () => {
      for (const { subject, traceId } of published.splice(0)) {
        expect(subject).toBe(TracesChangedSubject);
        const rows = traceId
          ? await dataSource.query('SELECT subscriber_count FROM traces.traces WHERE id = $1', [traceId])
          : [];
        announced.push({ traceId, subscribersSeen: rows[0]?.subscriber_count ?? null });
      }
    },
  };
  new TracesChanges(nats as unknown as NatsConnection, dataSource);
}, 60_000);

beforeEach(() => (announced = []));

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

const newTrace = () =>
  dataSource.transaction((manager) =>
    createTrace(manager, { ownerUserId: randomUUID(), name: 'Changes', handle: `c_${randomUUID().slice(0, 8)}` }),
  );
const trade: NewTrade = {
  symbol: 'AAPL',
  side: 'buy',
  quantity: 1,
  price: 100,
  currentPrice: 110,
  status: 'closed',
  executedAt: new Date(),
};

it('a subscription is announced once, after its commit (the new count is already visible to others)', async () => {
  const trace = await newTrace();
  const tier = await dataSource.getRepository(TierEntity).findOneByOrFail({ traceId: trace.id, name: 'free' });
  const ledger = new SubscriptionLedger(new OutboxWriter({ schema: 'traces', producer: 'traces' }), {
    kick: () => undefined,
  } as never);
  const userId = randomUUID();
  announced = [];
  await new SubscribeUseCase(dataSource, ledger).execute({
    requestId: randomUUID(),
    actor: devSignedActor({ userId, isAdmin: false }),
    payload: { userId, traceId: trace.id, tierId: tier.id },
  });
  expect(announced).toEqual([{ traceId: trace.id, subscribersSeen: 1 }]);
});

it('trades written twice in one transaction: one announcement, after the commit; none after a rollback', async () => {
  const trace = await newTrace();
  announced = [];
  await dataSource.transaction(async (manager) => {
    await addTrades(manager, trace.id, [trade]);
    await addTrades(manager, trace.id, [trade]);
    expect(announced).toEqual([]);
  });
  expect(announced).toEqual([{ traceId: trace.id, subscribersSeen: 0 }]);
  await expect(
    dataSource.transaction(async (manager) => {
      await addTrades(manager, trace.id, [trade]);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(announced).toHaveLength(1);
});

it('without a transaction the change is announced at once', async () => {
  const trace = await newTrace();
  announced = [];
  await addTrades(dataSource.manager, trace.id, [trade]);
  expect(announced.map((change) => change.traceId)).toEqual([trace.id]);
});
