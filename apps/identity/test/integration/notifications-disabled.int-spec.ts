import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  EVENTS_STREAM,
  NotificationsRpc,
  type ListNotificationsQueryDto,
  type NotificationsPageRpcReply,
} from '@copytrade/contracts';
import { COPY_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/copy-notifications.handler';
import { ORDER_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/order-notifications.handler';
import { SUBSCRIPTION_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/subscription-notifications.handler';
import { TRADE_NOTIFICATIONS_DURABLE } from '../../src/modules/notifications/handlers/trade-notifications.handler';
import { useIdentityService } from '../support/identity-under-test';
import { newUser } from '../support/notifications-world';

/** NOTIFICATIONS_ENABLED=false: no notification consumer is created; the calls that read notifications still answer. */
jest.setTimeout(60_000);

const identity = useIdentityService('identity_notifications_off', { NOTIFICATIONS_ENABLED: 'false' });
let nc: NatsConnection;

beforeAll(async () => {
  nc = await connect({ servers: identity.natsUrl, name: 'notifications-disabled-test' });
  identity.closeFirst(() => nc.drain());
});

it('creates none of the notification consumers, while identity’s other consumers run', async () => {
  const jsm = await jetstreamManager(nc);
  const durables: string[] = [];
  for await (const consumer of jsm.consumers.list(EVENTS_STREAM)) durables.push(consumer.name);
  expect(durables).toContain('identity-onboarding-auto-subscribe');
  for (const durable of [
    TRADE_NOTIFICATIONS_DURABLE,
    SUBSCRIPTION_NOTIFICATIONS_DURABLE,
    COPY_NOTIFICATIONS_DURABLE,
    ORDER_NOTIFICATIONS_DURABLE,
  ])
    expect(durables).not.toContain(durable);
});

it('still answers a user’s notifications (none)', async () => {
  const userId = await newUser(identity.db);
  const page = await identity.rpc.request<Partial<ListNotificationsQueryDto>, NotificationsPageRpcReply>(
    NotificationsRpc.list,
    {},
    { requestId: randomUUID(), actor: { userId, isAdmin: false } },
  );
  expect(page).toEqual({ notifications: [], nextCursor: null, unreadCount: 0 });
});
