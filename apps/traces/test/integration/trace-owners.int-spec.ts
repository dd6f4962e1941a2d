import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityUsersRpc,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import type { DataSource } from 'typeorm';
import { TracesAdminTracesController } from '../../src/modules/admin-traces/admin-traces.controller';
import { GetTraceUseCase } from '../../src/modules/discovery/use-cases/get-trace.use-case';
import { IdentityUsers } from '../../src/modules/identity-users/identity-users';
import { TraceEntity } from '../../src/modules/shared/entities';
import { call, outcomeWithMessage as outcome, subscriptionLedger, useTracesTestEnv } from '../support/traces-test-env';

/**
 * Trace owners are users identity knows, asked over NATS request/reply (its own nats-server) of a stand-in for
 * identity's `rpc.identity.users.lookup` (the handler itself: apps/identity/test/integration/users-lookup).
 * Admin create-trace and update-trace-owner refuse an id no user has (404 USER_NOT_FOUND) and write nothing;
 * with identity unreachable they answer 503 and write nothing. The trace page and the admin's list show owners'
 * usernames (one batched lookup per request; e-mails in the admin's list only) and still answer, without them,
 * when identity is slow or down.
 */
const USERS = new Map<string, { username: string; email: string }>();
const lookups: Array<RpcRequest<LookupUsersRpcRequest>> = [];
/** How long the stand-in takes to answer (a slow identity). */
let answerDelayMs = 0;

@Controller()
class StandInIdentityUsers {
  @MessagePattern(IdentityUsersRpc.lookup)
  async lookup(@Payload() request: RpcRequest<LookupUsersRpcRequest>): Promise<LookupUsersRpcReply> {
    lookups.push(request);
    if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    return {
      users: request.payload.ids.flatMap((id) => {
        const user = USERS.get(id);
        return user ? [{ id, username: user.username, email: request.actor?.isAdmin ? user.email : null }] : [];
      }),
    };
  }
}
@Module({ controllers: [StandInIdentityUsers] })
class StandInIdentityModule {}

const env = useTracesTestEnv('traces_owners', {
  standIn: { module: StandInIdentityModule, service: 'identity' },
});
let dataSource: DataSource;
let admin: TracesAdminTracesController;
let getTrace: GetTraceUseCase;
const adminId = randomUUID();
const aliceId = randomUUID();
USERS.set(adminId, { username: 'admin', email: 'admin@copytrade.local' });
USERS.set(aliceId, { username: 'alice', email: 'alice@example.com' });

beforeAll(() => {
  dataSource = env.dataSource;
  const identityUsers = new IdentityUsers(env.rpc);
  admin = new TracesAdminTracesController(dataSource, subscriptionLedger(), identityUsers);
  getTrace = new GetTraceUseCase(dataSource, identityUsers);
});

const traceCount = () => dataSource.getRepository(TraceEntity).count();
const ownerOf = async (traceId: string) =>
  (await dataSource.getRepository(TraceEntity).findOneByOrFail({ id: traceId })).ownerUserId;
const create = (ownerId: string) =>
  admin.create(call(adminId, { name: 'Owned', handle: `own_${randomUUID().slice(0, 8)}`, ownerId }, true) as never);
const changeOwner = (traceId: string, newOwnerId: string) =>
  admin.updateOwner(call(adminId, { traceId, newOwnerId }, true) as never);
const NOT_FOUND = '404 USER_NOT_FOUND Owner not found: no user has this id.';

describe('admin create-trace', () => {
  it('refuses an owner id that no user has: 404 USER_NOT_FOUND, no trace created', async () => {
    const before = await traceCount();
    await expect(outcome(create(randomUUID()))).resolves.toBe(NOT_FOUND);
    expect(await traceCount()).toBe(before);
  });

  it('creates the trace for an existing user, having asked identity on behalf of the admin', async () => {
    lookups.length = 0;
    const { trace } = await create(aliceId);
    expect(trace.ownerId).toBe(aliceId);
    expect(lookups[0]).toMatchObject({ actor: { userId: adminId, isAdmin: true }, payload: { ids: [aliceId] } });
  });
});

describe('admin update-trace-owner', () => {
  it('refuses a new owner id that no user has and leaves the owner unchanged; accepts an existing user', async () => {
    const { trace } = await create(aliceId);
    await expect(outcome(changeOwner(trace.id, randomUUID()))).resolves.toBe(NOT_FOUND);
    expect(await ownerOf(trace.id)).toBe(aliceId);
    const reply = await changeOwner(trace.id, adminId);
    expect(reply.after).toEqual({ traceId: trace.id, ownerId: adminId });
    expect(await ownerOf(trace.id)).toBe(adminId);
  });
});

const traceAs = async (traceId: string, userId: string, isAdmin = false) =>
  (await getTrace.execute(call(userId, { traceId }, isAdmin))).trace;
const adminList = async () => (await admin.list(call(adminId, {}, true) as never)).traces;
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const startedAt = Date.now();
  return [await work(), Date.now() - startedAt];
};

describe("owners' usernames", () => {
  it("the trace page shows the owner's username, never the e-mail (not even to an admin), one lookup a request", async () => {
    const { trace } = await create(aliceId);
    lookups.length = 0;
    const stranger = randomUUID();
    expect((await traceAs(trace.id, stranger)).owner).toEqual({ id: aliceId, username: 'alice' });
    expect((await traceAs(trace.id, adminId, true)).owner).toEqual({ id: aliceId, username: 'alice' });
    expect(lookups.map((lookup) => lookup.payload.ids)).toEqual([[aliceId], [aliceId]]);
    expect(lookups[0].actor).toMatchObject({ userId: stranger, isAdmin: false });
  });

  it("the admin's list shows each owner's username and e-mail, from one lookup of the distinct owners", async () => {
    await create(adminId);
    const orphan = await create(aliceId);
    // A trace whose owner identity no longer knows (written directly): listed with a null username.
    await dataSource.getRepository(TraceEntity).update({ id: orphan.trace.id }, { ownerUserId: randomUUID() });
    lookups.length = 0;
    const traces = await adminList();
    expect(lookups).toHaveLength(1);
    expect(new Set(lookups[0].payload.ids)).toEqual(new Set(traces.map((trace) => trace.ownerId)));
    expect(lookups[0].payload.ids.length).toBe(new Set(lookups[0].payload.ids).size);
    const owners = new Map(traces.map((trace) => [trace.id, trace.owner]));
    expect(traces.filter((trace) => trace.ownerId === aliceId).map((trace) => trace.owner)).toContainEqual({
      id: aliceId,
      username: 'alice',
      email: 'alice@example.com',
    });
    expect(traces.find((trace) => trace.ownerId === adminId)?.owner).toEqual({
      id: adminId,
      username: 'admin',
      email: 'admin@copytrade.local',
    });
    expect(owners.get(orphan.trace.id)).toMatchObject({ username: null, email: null });
  });

  it('a slow identity: the trace page and the list answer within about a second, usernames null', async () => {
    const { trace } = await create(aliceId);
    answerDelayMs = 3_000;
    try {
      const [view, ms] = await timed(() => traceAs(trace.id, adminId));
      expect(view.owner).toEqual({ id: aliceId, username: null });
      expect(ms).toBeLessThan(2_000);
      const [traces, listMs] = await timed(adminList);
      expect(traces.every((row) => row.owner.username === null && row.owner.email === null)).toBe(true);
      expect(listMs).toBeLessThan(2_000);
    } finally {
      answerDelayMs = 0;
    }
  });
});

// Last: stops the stand-in identity.
describe('identity unreachable', () => {
  it('create and change owner answer 503 rather than use an unchecked owner; nothing is written', async () => {
    const { trace } = await create(aliceId);
    await env.stopStandIn();
    const before = await traceCount();
    await expect(outcome(create(aliceId))).resolves.toMatch(/^503 SERVICE_UNAVAILABLE/);
    await expect(outcome(changeOwner(trace.id, adminId))).resolves.toMatch(/^503 SERVICE_UNAVAILABLE/);
    expect(await traceCount()).toBe(before);
    expect(await ownerOf(trace.id)).toBe(aliceId);
  });

  it("reads still answer, without owners' usernames", async () => {
    const traces = await adminList();
    expect(traces.length).toBeGreaterThan(0);
    expect(traces.every((row) => row.owner.username === null)).toBe(true);
    expect((await traceAs(traces[0].id, aliceId)).owner).toEqual({ id: traces[0].ownerId, username: null });
  });
});
