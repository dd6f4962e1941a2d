import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  IdentityAdminUsersRpc,
  SessionsInvalidatedSubject,
  type IdentityAdminUsersRpcReply,
  type IdentitySetAdminRpcReply,
  type RpcActor,
} from '@copytrade/contracts';
import type { RpcClient } from '@copytrade/nest';
import type { DataSource } from 'typeorm';
import { useIdentityService } from '../support/identity-under-test';

/**
 * Identity's side of the admin Users tab over NATS against the running service (its own nats-server): the user
 * list, and granting / revoking admin rights with their rules, event and session invalidation.
 */
const identity = useIdentityService('identity_admin_users');
let rpc: RpcClient;
let broadcasts: NatsConnection;
let db: DataSource;
let adminId: string;
let demoId: string;

beforeAll(async () => {
  ({ rpc, db } = identity);
  ({ adminId, demoId } = await identity.seededUserIds());
  broadcasts = await connect({ servers: identity.natsUrl });
  identity.closeFirst(() => broadcasts.close());
});

const asAdmin = (): RpcActor => ({ userId: adminId, isAdmin: true });
/** `null`: no actor (signed out). */
const call = <T>(pattern: string, payload: object, actor: RpcActor | null = asAdmin()) =>
  rpc.request<object, T>(pattern, payload, { requestId: randomUUID(), actor: actor ?? undefined });
const setAdmin = (targetUserId: string, isAdmin: boolean, actor: RpcActor | null = asAdmin()) =>
  call<IdentitySetAdminRpcReply>(IdentityAdminUsersRpc.setAdmin, { targetUserId, isAdmin }, actor);
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

async function newUser(label: string, isAdmin = false): Promise<string> {
  const name = `${label}_${randomUUID().slice(0, 8)}`;
  const rows: Array<{ id: string }> = await db.query(
    `INSERT INTO identity.users (username, email, password_hash, first_name, last_name, is_admin)
     VALUES ($1, $1 || '@example.com', 'x', 'First', 'Last', $2) RETURNING id`,
    [name, isAdmin],
  );
  return rows[0]!.id;
}
const isAdminInDb = async (userId: string): Promise<boolean> =>
  ((await db.query('SELECT is_admin FROM identity.users WHERE id = $1', [userId])) as Array<{ is_admin: boolean }>)[0]!
    .is_admin;
const roleEvents = async (userId: string): Promise<unknown[]> =>
  (
    (await db.query(
      `SELECT envelope FROM identity.outbox WHERE subject = 'events.identity.user.role-changed.v1'
        AND envelope->'data'->>'userId' = $1 ORDER BY position`,
      [userId],
    )) as Array<{ envelope: { data: unknown } }>
  ).map((row) => row.envelope.data);

describe('users list', () => {
  it('gives every Admin-user field, a page at a time, searchable by name or e-mail (% is a literal)', async () => {
    const id = await newUser('searchable');
    const [{ username }] = (await db.query('SELECT username FROM identity.users WHERE id = $1', [id])) as Array<{
      username: string;
    }>;
    const found = await call<IdentityAdminUsersRpcReply>(IdentityAdminUsersRpc.list, {
      search: username.toUpperCase(),
    });
    expect(found.users).toEqual([
      {
        id,
        email: `${username}@example.com`,
        username,
        firstName: 'First',
        lastName: 'Last',
        createdAt: expect.any(String),
        snaptradeUserId: null,
        brokerageConnected: false,
        isAdmin: false,
      },
    ]);
    expect(found.pagination).toEqual({ page: 1, limit: 25, total: 1, pages: 1 });
    expect((await call<IdentityAdminUsersRpcReply>(IdentityAdminUsersRpc.list, { search: '%' })).users).toEqual([]);

    const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM identity.users')) as Array<{
      count: number;
    }>;
    const page2 = await call<IdentityAdminUsersRpcReply>(IdentityAdminUsersRpc.list, { page: 2, limit: 1 });
    expect(page2.pagination).toEqual({ page: 2, limit: 1, total: count, pages: count });
    expect(page2.users).toHaveLength(1);
    expect(await outcome(call(IdentityAdminUsersRpc.list, { limit: 101 }))).toBe('400 VALIDATION_FAILED');
  });

  it('is refused to non-admins (403) and without a session (401)', async () => {
    expect(await outcome(call(IdentityAdminUsersRpc.list, {}, { userId: demoId, isAdmin: false }))).toBe(
      '403 FORBIDDEN',
    );
    expect(await outcome(call(IdentityAdminUsersRpc.list, {}, null))).toBe('401 UNAUTHENTICATED');
  });
});

describe('set admin', () => {
  it("grants then revokes: publishes UserRoleChanged and drops the target's cached sessions before answering", async () => {
    const target = await newUser('promoted');
    const invalidated: string[] = [];
    const subscription = broadcasts.subscribe(SessionsInvalidatedSubject, {
      callback: (_error, message) => {
        invalidated.push((message.json() as { userId?: string }).userId ?? '');
      },
    });
    await broadcasts.flush();

    const granted = await setAdmin(target, true);
    expect(granted).toMatchObject({
      user: { id: target, isAdmin: true },
      before: { isAdmin: false },
      after: { isAdmin: true },
      changed: true,
    });
    expect(await isAdminInDb(target)).toBe(true);
    await broadcasts.flush();
    expect(invalidated).toEqual([target]);

    const revoked = await setAdmin(target, false);
    expect(revoked).toMatchObject({ user: { isAdmin: false }, before: { isAdmin: true }, changed: true });
    expect(await isAdminInDb(target)).toBe(false);
    await broadcasts.flush();
    expect(invalidated).toEqual([target, target]);
    subscription.unsubscribe();

    expect(await roleEvents(target)).toEqual([
      expect.objectContaining({ userId: target, isAdmin: true, previousIsAdmin: false, changedByUserId: adminId }),
      expect.objectContaining({ userId: target, isAdmin: false, previousIsAdmin: true, changedByUserId: adminId }),
    ]);
  });

  it('the role a user already has changes and publishes nothing', async () => {
    const target = await newUser('unchanged');
    expect(await setAdmin(target, false)).toMatchObject({ changed: false, user: { isAdmin: false } });
    expect(await roleEvents(target)).toEqual([]);
  });

  it('refuses oneself (400), an unknown user (404), non-admins and stale admin sessions (403), changing nothing', async () => {
    expect(await outcome(setAdmin(adminId, false))).toBe('400 OWN_ADMIN_STATUS');
    expect(await isAdminInDb(adminId)).toBe(true);
    expect(await outcome(setAdmin(randomUUID(), true))).toBe('404 USER_NOT_FOUND');
    const target = await newUser('untouched');
    expect(await outcome(setAdmin(target, true, { userId: demoId, isAdmin: false }))).toBe('403 FORBIDDEN');
    // An actor whose role was revoked a moment ago, still claiming it, is refused: identity re-reads the role.
    expect(await outcome(setAdmin(target, true, { userId: demoId, isAdmin: true }))).toBe('403 FORBIDDEN');
    expect(await isAdminInDb(target)).toBe(false);
    expect(await roleEvents(target)).toEqual([]);
  });

  it('two admins demoting each other at once: one wins, the other is refused, one admin of the two remains', async () => {
    const first = await newUser('rival_a', true);
    const second = await newUser('rival_b', true);
    const results = await Promise.all([
      outcome(setAdmin(second, false, { userId: first, isAdmin: true })),
      outcome(setAdmin(first, false, { userId: second, isAdmin: true })),
    ]);
    expect(results.sort()).toEqual(['403 FORBIDDEN', 'ok']);
    expect([await isAdminInDb(first), await isAdminInDb(second)].filter(Boolean)).toHaveLength(1);
  });
});
