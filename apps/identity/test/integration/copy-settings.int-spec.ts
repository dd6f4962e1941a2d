import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  CopySettingsMessages,
  IdentityAccountRpc,
  IdentityRpc,
  SessionsInvalidatedSubject,
  UserSettingsChanged,
  type LoginRpcReply,
  type ResolveSessionRpcReply,
  type RpcActor,
  type SessionsInvalidated,
  type UserRpcReply,
  type UserSettingsChangedV1,
} from '@copytrade/contracts';
import { parseEventEnvelope, type RpcClient } from '@copytrade/nest';
import { expectEventually } from '@copytrade/testing';
import type { DataSource } from 'typeorm';
import { DEV_DEMO_USER } from '../../src/config/identity.config';
import { useIdentityService } from '../support/identity-under-test';

/**
 * The copy-trading setting 'close my automatic copies when the trader sells' (closeAutoCopiesOnTraderSell)
 * through the running identity service over NATS: off by default, saved by rpc.identity.copy-settings.update,
 * read back from the session, gateways told to drop the user's cached sessions, UserSettingsChanged written
 * with it, and anything but a boolean refused with 400.
 */
const identity = useIdentityService('identity_copy_settings');
let rpc: RpcClient;
let listener: NatsConnection;
let invalidations: Subscription;
const invalidated: SessionsInvalidated[] = [];
let db: DataSource;
let demo: RpcActor;
let sessionToken: string;

beforeAll(async () => {
  ({ rpc, db } = identity);
  listener = await connect({ servers: identity.natsUrl });
  invalidations = listener.subscribe(SessionsInvalidatedSubject);
  identity.closeFirst(async () => {
    invalidations.unsubscribe();
    await listener.close();
  });
  void (async () => {
    for await (const message of invalidations) invalidated.push(message.json<SessionsInvalidated>());
  })();
  const login = await rpc.request<{ username: string; password: string }, LoginRpcReply>(
    IdentityRpc.login,
    { username: DEV_DEMO_USER.username, password: DEV_DEMO_USER.password },
    { requestId: randomUUID() },
  );
  sessionToken = login.sessionToken;
  demo = { userId: login.user.id, isAdmin: false };
}, 60_000);

const update = (payload: object, requestId = randomUUID()) =>
  rpc.request<object, UserRpcReply>(IdentityAccountRpc.updateCopySettings, payload, { requestId, actor: demo });
const sessionUser = async () =>
  (
    await rpc.request<{ sessionToken: string }, ResolveSessionRpcReply>(
      IdentityRpc.resolveSession,
      { sessionToken },
      { requestId: randomUUID() },
    )
  ).user!;
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; message: string }) => `${error.status} ${error.message}`,
  );
const storedSetting = async (): Promise<boolean> =>
  (await db.query(`SELECT close_auto_copies_on_trader_sell AS v FROM identity.users WHERE id = $1`, [demo.userId]))[0]
    .v;
const settingsEvents = async (): Promise<UserSettingsChangedV1[]> =>
  (
    await db.query(
      `SELECT envelope FROM identity.outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2 ORDER BY position`,
      [UserSettingsChanged.subject, demo.userId],
    )
  ).map(
    ({ envelope }: { envelope: object }) =>
      parseEventEnvelope(JSON.stringify(envelope), UserSettingsChanged.subject).data as UserSettingsChangedV1,
  );

it('is off by default, for a new column and in the session', async () => {
  expect(await storedSetting()).toBe(false);
  expect((await sessionUser()).closeAutoCopiesOnTraderSell).toBe(false);
});

it('saves true, answers it, reads it back, tells the gateways and publishes the change', async () => {
  const before = invalidated.length;
  const { user } = await update({ closeAutoCopiesOnTraderSell: true });
  expect(user).toMatchObject({ id: demo.userId, closeAutoCopiesOnTraderSell: true, copyTradingEnabled: false });
  expect(await storedSetting()).toBe(true);
  expect((await sessionUser()).closeAutoCopiesOnTraderSell).toBe(true);
  // Gateways are told to drop the user's cached sessions (before the reply), so their next read shows it.
  await expectEventually(() => expect(invalidated.slice(before)).toContainEqual({ userId: demo.userId }));

  const [event] = (await settingsEvents()).slice(-1);
  expect(event).toMatchObject({
    userId: demo.userId,
    changedFields: ['closeAutoCopiesOnTraderSell'],
    closeAutoCopiesOnTraderSell: true,
    copyTradingEnabled: false,
  });
});

it('leaves the setting alone when only an amount is saved, and carries it in that event too', async () => {
  const { user } = await update({ defaultCopyAmount: 300 });
  expect(user).toMatchObject({ defaultCopyAmount: 300, closeAutoCopiesOnTraderSell: true });
  const [event] = (await settingsEvents()).slice(-1);
  expect(event).toMatchObject({ changedFields: ['defaultCopyAmount'], closeAutoCopiesOnTraderSell: true });
});

it('turns it off again, and writes nothing when the value does not change', async () => {
  expect((await update({ closeAutoCopiesOnTraderSell: false })).user.closeAutoCopiesOnTraderSell).toBe(false);
  const events = (await settingsEvents()).length;
  expect((await update({ closeAutoCopiesOnTraderSell: false })).user.closeAutoCopiesOnTraderSell).toBe(false);
  expect(await settingsEvents()).toHaveLength(events);
  expect((await sessionUser()).closeAutoCopiesOnTraderSell).toBe(false);
});

it('refuses anything but true or false with 400 and keeps the stored value', async () => {
  await update({ closeAutoCopiesOnTraderSell: true });
  for (const value of ['yes', 'false', 1, 0, null, {}, []]) {
    expect(await outcome(update({ closeAutoCopiesOnTraderSell: value }))).toBe(
      `400 ${CopySettingsMessages.closeAutoCopiesNotBoolean}`,
    );
  }
  expect(await storedSetting()).toBe(true);
  expect(await outcome(update({}))).toBe(`400 ${CopySettingsMessages.nothingToUpdate}`);
});

it('changes only the calling user', async () => {
  const [other] = await db.query(`SELECT close_auto_copies_on_trader_sell AS v FROM identity.users WHERE id <> $1`, [
    demo.userId,
  ]);
  expect(other.v).toBe(false);
});
