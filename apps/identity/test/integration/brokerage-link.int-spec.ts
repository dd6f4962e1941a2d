import { randomUUID } from 'node:crypto';
import {
  BrokerageConnected,
  type BrokerageConnectedV1,
  type EventEnvelope,
  type ProviderUserDeletedV1,
  type ProviderUserRegisteredV1,
} from '@copytrade/contracts';
import { parseEventEnvelope, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { identityDataSourceOptions } from '../../src/database/data-source';
import { BrokerageLinkHandler } from '../../src/modules/brokerage-link/brokerage-link.handler';
import { UserEntity } from '../../src/modules/users/entities/user.entity';
import { toUserView } from '../../src/modules/users/mappers/user-view.mapper';

let database: TestDatabase;
let dataSource: DataSource;
/** Users whose cached sessions the gateways were told to drop, in order. */
const invalidated: string[] = [];
const handler = new BrokerageLinkHandler(
  {} as never,
  {
    userChanged: async (userId: string) => void invalidated.push(userId),
  } as never,
);

const envelope = <T>(data: T): EventEnvelope<T> => ({
  id: randomUUID(),
  type: 'test',
  version: 1,
  occurredAt: new Date().toISOString(),
  producer: 'brokerage',
  correlationId: 'c',
  data,
});
const connected = (userId: string, stateVersion: number, accountIds: string[], brokerageConnected = true) =>
  envelope<BrokerageConnectedV1>({
    userId,
    connection: { connectionId: 'conn-1', brokerage: { slug: 'WEBULL', name: 'Webull' }, accountIds },
    link: { userId, providerUserId: `p-${userId}`, provider: 'paper', brokerageConnected, accountIds, stateVersion },
    occurredAt: new Date().toISOString(),
  });
const viewOf = async (userId: string) =>
  toUserView(await dataSource.getRepository(UserEntity).findOneByOrFail({ id: userId }));

beforeAll(async () => {
  database = await createTestDatabase('identity_brokerage_link');
  await runServiceMigrations(identityDataSourceOptions(database.url));
  dataSource = new DataSource(identityDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

async function newUser(): Promise<string> {
  const [row] = await dataSource.query(
    `INSERT INTO identity.users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
    [`u${randomUUID().slice(0, 8)}`, `${randomUUID()}@example.com`],
  );
  return row.id;
}

it('fills the user view from the brokerage events: provider user id, connected flag, account ids (primary first)', async () => {
  const userId = await newUser();
  expect(await viewOf(userId)).toMatchObject({
    snaptradeUserId: null,
    brokerageConnected: false,
    snaptradeAccountIds: [],
    snaptradeUserSecret: null,
  });
  await handler.applyRegistration(
    envelope<ProviderUserRegisteredV1>({
      userId,
      providerUserId: `p-${userId}`,
      provider: 'paper',
      stateVersion: 1,
      occurredAt: '',
    }),
    dataSource.manager,
  );
  await handler.applyConnectionChange(connected(userId, 2, ['acc-1', 'acc-2']), dataSource.manager);
  expect(await viewOf(userId)).toMatchObject({
    snaptradeUserId: `p-${userId}`,
    brokerageConnected: true,
    snaptradeAccountIds: ['acc-1', 'acc-2'],
    snaptradeUserSecret: null,
  });
  // Gateways cache the user view with the session: each projected change tells them to drop it.
  expect(invalidated.filter((id) => id === userId)).toHaveLength(2);
});

it('tells the gateways only once the projection has committed', async () => {
  const userId = await newUser();
  const seenBeforeCommit = await dataSource.transaction(async (manager) => {
    await handler.applyConnectionChange(connected(userId, 1, ['acc-1']), manager);
    return invalidated.includes(userId);
  });
  expect([seenBeforeCommit, invalidated.includes(userId)]).toEqual([false, true]);
});

it('ignores an older state arriving late, so redeliveries and reordering change nothing', async () => {
  const userId = await newUser();
  await handler.applyConnectionChange(connected(userId, 3, [], false), dataSource.manager);
  await handler.applyConnectionChange(connected(userId, 2, ['acc-1']), dataSource.manager);
  await handler.applyRegistration(
    envelope<ProviderUserRegisteredV1>({
      userId,
      providerUserId: 'old',
      provider: 'paper',
      stateVersion: 1,
      occurredAt: '',
    }),
    dataSource.manager,
  );
  expect(await viewOf(userId)).toMatchObject({
    snaptradeUserId: `p-${userId}`,
    brokerageConnected: false,
    snaptradeAccountIds: [],
  });
});

it("clears the provider user id and the connected flag when an admin deleted the registration, whatever the order of that user's last events; a later registration applies", async () => {
  const userId = await newUser();
  await handler.applyConnectionChange(connected(userId, 2, ['acc-1']), dataSource.manager);
  const deleted = envelope<ProviderUserDeletedV1>({
    userId,
    providerUserId: `p-${userId}`,
    provider: 'paper',
    stateVersion: 4,
    occurredAt: '',
  });
  await handler.applyDeletion(deleted, dataSource.manager);
  // The deletion's own BrokerageDisconnected (version 3) arriving after it changes nothing.
  await handler.applyConnectionChange(connected(userId, 3, [], false), dataSource.manager);
  expect(await viewOf(userId)).toMatchObject({
    snaptradeUserId: null,
    brokerageConnected: false,
    snaptradeAccountIds: [],
  });
  await handler.applyRegistration(
    envelope<ProviderUserRegisteredV1>({
      userId,
      providerUserId: 'again',
      provider: 'paper',
      stateVersion: 5,
      occurredAt: '',
    }),
    dataSource.manager,
  );
  expect((await viewOf(userId)).snaptradeUserId).toBe('again');
});

it('refuses a malformed event as permanent before it reaches the handler (dead-lettered, not retried)', () => {
  const malformed = { ...connected(randomUUID(), 1, ['acc-1']), type: BrokerageConnected.type };
  malformed.data.link.stateVersion = 'two' as never;
  expect(() => parseEventEnvelope(JSON.stringify(malformed), BrokerageConnected.subject)).toThrow(
    expect.objectContaining({ code: 'INVALID_EVENT_PAYLOAD', message: expect.stringContaining('link.stateVersion') }),
  );
});
