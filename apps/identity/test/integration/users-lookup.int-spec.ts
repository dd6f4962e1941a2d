import { randomUUID } from 'node:crypto';
import { IdentityUsersRpc, type LookupUsersRpcReply, type RpcActor } from '@copytrade/contracts';
import { useIdentityService } from '../support/identity-under-test';

/**
 * `rpc.identity.users.lookup` over NATS against the running identity service (its own nats-server): what the
 * traces service asks to check a trace owner exists and to show owners' usernames.
 */
const identity = useIdentityService('identity_users_lookup');
let adminId: string;
let demoId: string;

beforeAll(async () => {
  ({ adminId, demoId } = await identity.seededUserIds());
});

const lookup = (actor: RpcActor | undefined, ids: unknown) =>
  identity.rpc.request<{ ids: unknown }, LookupUsersRpcReply>(
    IdentityUsersRpc.lookup,
    { ids },
    { requestId: randomUUID(), actor },
  );
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string; message: string }) => `${error.status} ${error.code} ${error.message}`,
  );

it('answers the users that exist among the ids, each once; an unknown id is absent', async () => {
  const { users } = await lookup({ userId: demoId, isAdmin: false }, [adminId, randomUUID(), demoId, adminId]);
  expect(users.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
    { id: adminId, username: 'admin', email: null },
    { id: demoId, username: 'demo', email: null },
  ]);
  await expect(lookup({ userId: demoId, isAdmin: false }, [])).resolves.toEqual({ users: [] });
});

it("gives e-mail addresses to an admin's call only", async () => {
  await expect(lookup({ userId: adminId, isAdmin: true }, [demoId])).resolves.toEqual({
    users: [{ id: demoId, username: 'demo', email: 'demo@copytrade.local' }],
  });
  await expect(lookup({ userId: demoId, isAdmin: false }, [demoId])).resolves.toEqual({
    users: [{ id: demoId, username: 'demo', email: null }],
  });
});

it('refuses a call without an actor, ids that are not user ids, and more than 100 ids', async () => {
  await expect(outcome(lookup(undefined, [adminId]))).resolves.toMatch(/^401 UNAUTHENTICATED/);
  await expect(outcome(lookup({ userId: adminId, isAdmin: true }, ['not-an-id']))).resolves.toBe(
    '400 VALIDATION_FAILED ids must be a list of user ids',
  );
  await expect(outcome(lookup({ userId: adminId, isAdmin: true }, adminId))).resolves.toMatch(
    /^400 VALIDATION_FAILED ids must /,
  );
  const many = Array.from({ length: 101 }, () => randomUUID());
  await expect(outcome(lookup({ userId: adminId, isAdmin: true }, many))).resolves.toBe(
    '400 VALIDATION_FAILED ids must hold at most 100 user ids',
  );
});
