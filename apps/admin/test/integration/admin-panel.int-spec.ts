import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestApplication } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  AdminPanelRpc,
  AdminRpc,
  BetaRequestApproved,
  AdminUsersErrorCode,
  AdminUsersMessages,
  IdentityAdminUsersRpc,
  IdentityUsersRpc,
  type AdminAuditLogRpcReply,
  type AdminFeedbackListRpcReply,
  type AdminUserView,
  type IdentityAdminUsersRpcReply,
  type IdentitySetAdminRpcReply,
  type LookupUsersRpcReply,
  type RpcActor,
  type RpcRequest,
  type SetFeedbackStatusRpcReply,
  type ToggleAdminDto,
  type ToggleAdminResponse,
} from '@copytrade/contracts';
import { EventConsumerRegistry, type RpcClient } from '@copytrade/nest';
import type { DataSource } from 'typeorm';
import { useAdminService } from '../support/admin-under-test';

/**
 * The admin service's Users, Feedback and Audit Log calls over NATS against the running service (real PostgreSQL
 * with its migrations, a private nats-server), identity played by a stand-in: each action, its refusals and its
 * audit entry. Identity's own rules (self, last admin, locks, events) have their test in apps/identity.
 */
const ADMIN_ID = randomUUID();
const OTHER_ADMIN_ID = randomUUID();
const DEMO_ID = randomUUID();
const PEOPLE = new Map<string, AdminUserView>();
const person = (id: string, username: string, isAdmin: boolean): AdminUserView => ({
  id,
  email: `${username}@example.com`,
  username,
  firstName: 'First',
  lastName: 'Last',
  createdAt: new Date(0).toISOString(),
  snaptradeUserId: null,
  brokerageConnected: false,
  isAdmin,
});
for (const [id, name, isAdmin] of [
  [ADMIN_ID, 'admin', true],
  [OTHER_ADMIN_ID, 'other_admin', true],
  [DEMO_ID, 'demo', false],
] as const)
  PEOPLE.set(id, person(id, name, isAdmin));
/** Identity unreachable for lookups (the lists must still answer). */
let lookupsDown = false;

@Controller()
class IdentityStandIn {
  @MessagePattern(IdentityAdminUsersRpc.list)
  list(): IdentityAdminUsersRpcReply {
    return { users: [...PEOPLE.values()], pagination: { page: 1, limit: 25, total: PEOPLE.size, pages: 1 } };
  }

  @MessagePattern(IdentityAdminUsersRpc.setAdmin)
  setAdmin(@Payload() { actor, payload }: RpcRequest<ToggleAdminDto>): IdentitySetAdminRpcReply {
    if (payload.targetUserId === actor?.userId)
      throw new RpcException({ status: 400, code: AdminUsersErrorCode.OWN_ADMIN_STATUS, message: 'own' });
    const target = PEOPLE.get(payload.targetUserId);
    if (!target) throw new RpcException({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
    const before = { isAdmin: target.isAdmin };
    target.isAdmin = payload.isAdmin;
    return {
      user: { ...target },
      before,
      after: { isAdmin: payload.isAdmin },
      changed: before.isAdmin !== payload.isAdmin,
    };
  }

  @MessagePattern(IdentityUsersRpc.lookup)
  lookup(@Payload() { actor, payload }: RpcRequest<{ ids: string[] }>): LookupUsersRpcReply {
    if (lookupsDown) throw new RpcException({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
    return {
      users: payload.ids
        .map((id) => PEOPLE.get(id))
        .filter((user) => user !== undefined)
        .map((user) => ({ id: user.id, username: user.username, email: actor?.isAdmin ? user.email : null })),
    };
  }
}

@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

const service = useAdminService('admin_panel', IdentityStandInModule);
let admin: INestApplication;
let rpc: RpcClient;
let db: DataSource;

beforeAll(() => {
  ({ app: admin, rpc, db } = service);
});

const asAdmin = (): RpcActor => ({ userId: ADMIN_ID, isAdmin: true });
const asDemo = (): RpcActor => ({ userId: DEMO_ID, isAdmin: false });
/** `null`: no actor (signed out). */
const call = <T>(pattern: string, payload: object, actor: RpcActor | null = asAdmin()) =>
  rpc.request<object, T>(pattern, payload, { requestId: randomUUID(), actor: actor ?? undefined });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );
interface AuditRow {
  actor_user_id: string;
  target_type: string;
  target_id: string;
  old_value: unknown;
  new_value: unknown;
}
const auditRows = (action: string, targetId: string): Promise<AuditRow[]> =>
  db.query(
    `SELECT actor_user_id, target_type, target_id, old_value, new_value FROM admin.admin_audit_log
      WHERE action = $1 AND target_id = $2 ORDER BY created_at`,
    [action, targetId],
  );

describe('users', () => {
  it("lists identity's users for admins only", async () => {
    const { users } = await call<IdentityAdminUsersRpcReply>(AdminPanelRpc.listUsers, { search: 'x' });
    expect(users.map((user) => user.username)).toEqual(['admin', 'other_admin', 'demo']);
    expect(await outcome(call(AdminPanelRpc.listUsers, {}, asDemo()))).toBe('403 FORBIDDEN');
    expect(await outcome(call(AdminPanelRpc.listUsers, {}, null))).toBe('401 UNAUTHENTICATED');
  });

  it('toggle-admin answers message and user and records each real change, before → after, with its actor', async () => {
    type Reply = Omit<ToggleAdminResponse, 'success'>;
    const granted = await call<Reply>(AdminPanelRpc.toggleAdmin, { targetUserId: DEMO_ID, isAdmin: true });
    expect(granted).toEqual({
      message: AdminUsersMessages.granted('demo'),
      user: expect.objectContaining({ isAdmin: true }),
    });
    const again = await call<Reply>(AdminPanelRpc.toggleAdmin, { targetUserId: DEMO_ID, isAdmin: true });
    expect(again.user.isAdmin).toBe(true);
    const revoked = await call<Reply>(AdminPanelRpc.toggleAdmin, { targetUserId: DEMO_ID, isAdmin: false });
    expect(revoked.message).toBe(AdminUsersMessages.revoked('demo'));
    // The repeated grant changed nothing and is not recorded.
    expect(await auditRows('user.toggle-admin', DEMO_ID)).toEqual([
      {
        actor_user_id: ADMIN_ID,
        target_type: 'user',
        target_id: DEMO_ID,
        old_value: { isAdmin: false },
        new_value: { isAdmin: true },
      },
      {
        actor_user_id: ADMIN_ID,
        target_type: 'user',
        target_id: DEMO_ID,
        old_value: { isAdmin: true },
        new_value: { isAdmin: false },
      },
    ]);
  });

  it('toggle-admin refused by identity, or by admin for a non-admin, records nothing and leaves the target as it was', async () => {
    expect(await outcome(call(AdminPanelRpc.toggleAdmin, { targetUserId: ADMIN_ID, isAdmin: false }))).toBe(
      '400 OWN_ADMIN_STATUS',
    );
    expect(await outcome(call(AdminPanelRpc.toggleAdmin, { targetUserId: randomUUID(), isAdmin: true }))).toBe(
      '404 USER_NOT_FOUND',
    );
    expect(
      await outcome(call(AdminPanelRpc.toggleAdmin, { targetUserId: OTHER_ADMIN_ID, isAdmin: false }, asDemo())),
    ).toBe('403 FORBIDDEN');
    expect(PEOPLE.get(OTHER_ADMIN_ID)!.isAdmin).toBe(true);
    expect(await auditRows('user.toggle-admin', ADMIN_ID)).toEqual([]);
    expect(await auditRows('user.toggle-admin', OTHER_ADMIN_ID)).toEqual([]);
    expect(await outcome(call(AdminPanelRpc.toggleAdmin, { targetUserId: 'me', isAdmin: true }))).toBe(
      '400 VALIDATION_FAILED',
    );
  });
});

describe('feedback', () => {
  async function newFeedback(userId: string, minutesAgo: number): Promise<string> {
    const rows: Array<{ id: string }> = await db.query(
      `INSERT INTO admin.feedback (user_id, type, message, email, page, user_agent, created_at)
       VALUES ($1, 'bug', 'Broken chart', 'contact@example.com', '/dashboard', 'Mozilla/5.0',
               now() - $2 * interval '1 minute')
       RETURNING id`,
      [userId, minutesAgo],
    );
    return rows[0]!.id;
  }

  it("lists newest first with the feedback fields and the sender's e-mail and username; without identity, user is null", async () => {
    const older = await newFeedback(DEMO_ID, 10);
    const newer = await newFeedback(DEMO_ID, 1);
    const { feedback, pagination } = await call<AdminFeedbackListRpcReply>(AdminPanelRpc.listFeedback, { limit: 2 });
    expect(feedback.map((item) => item.id)).toEqual([newer, older]);
    expect(feedback[0]).toEqual({
      id: newer,
      type: 'bug',
      status: 'open',
      priority: 'medium',
      message: 'Broken chart',
      page: '/dashboard',
      contactEmail: 'contact@example.com',
      userAgent: 'Mozilla/5.0',
      createdAt: expect.any(String),
      user: { email: 'demo@example.com', username: 'demo' },
    });
    expect(pagination).toEqual({ page: 1, limit: 2, total: 2, pages: 1 });
    lookupsDown = true;
    try {
      const degraded = await call<AdminFeedbackListRpcReply>(AdminPanelRpc.listFeedback, { limit: 2 });
      expect(degraded.feedback.map((item) => item.user)).toEqual([null, null]);
    } finally {
      lookupsDown = false;
    }
  });

  it('changes status freely among the four values, each change audit-logged; the same status records nothing', async () => {
    const id = await newFeedback(DEMO_ID, 0);
    for (const status of ['in_progress', 'resolved', 'open', 'closed']) {
      const { feedback } = await call<SetFeedbackStatusRpcReply>(AdminPanelRpc.setFeedbackStatus, {
        feedbackId: id,
        status,
      });
      expect(feedback.status).toBe(status);
    }
    await call(AdminPanelRpc.setFeedbackStatus, { feedbackId: id, status: 'closed' });
    const changes = (await auditRows('feedback.status', id)).map((row) => [row.old_value, row.new_value]);
    expect(changes).toEqual([
      [{ status: 'open' }, { status: 'in_progress' }],
      [{ status: 'in_progress' }, { status: 'resolved' }],
      [{ status: 'resolved' }, { status: 'open' }],
      [{ status: 'open' }, { status: 'closed' }],
    ]);
    const closed = await call<AdminFeedbackListRpcReply>(AdminPanelRpc.listFeedback, { status: 'closed' });
    expect(closed.feedback.map((item) => item.id)).toEqual([id]);
  });

  it('404 for an unknown or malformed id, 400 for another status, 403 for non-admins; nothing changes', async () => {
    const id = await newFeedback(DEMO_ID, 0);
    const setStatus = (feedbackId: string, status: string, actor: RpcActor = asAdmin()) =>
      outcome(call(AdminPanelRpc.setFeedbackStatus, { feedbackId, status }, actor));
    expect(await setStatus(randomUUID(), 'closed')).toBe('404 FEEDBACK_NOT_FOUND');
    expect(await setStatus('nope', 'closed')).toBe('404 FEEDBACK_NOT_FOUND');
    expect(await setStatus(id, 'done')).toBe('400 VALIDATION_FAILED');
    expect(await setStatus(id, 'closed', asDemo())).toBe('403 FORBIDDEN');
    expect(await outcome(call(AdminPanelRpc.listFeedback, {}, asDemo()))).toBe('403 FORBIDDEN');
    expect(await db.query('SELECT status FROM admin.feedback WHERE id = $1', [id])).toEqual([{ status: 'open' }]);
    expect(await auditRows('feedback.status', id)).toEqual([]);
  });
});

describe('audit log', () => {
  it("records identity's beta approvals from its BetaRequestApproved event, once however often it is delivered", async () => {
    const betaRequestId = randomUUID();
    const envelope = {
      id: randomUUID(),
      type: BetaRequestApproved.type,
      version: BetaRequestApproved.version,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      correlationId: 'approve-request',
      aggregateId: `beta-request:${betaRequestId}`,
      aggregateVersion: 1,
      data: {
        betaRequestId,
        email: 'waiting@example.com',
        approvedByUserId: ADMIN_ID,
        approvedAt: new Date().toISOString(),
      },
    };
    const consumers = admin.get(EventConsumerRegistry);
    await consumers.applyNow(BetaRequestApproved.subject, envelope);
    await consumers.applyNow(BetaRequestApproved.subject, envelope);
    expect(await auditRows('beta-request.approve', betaRequestId)).toEqual([
      {
        actor_user_id: ADMIN_ID,
        target_type: 'beta-request',
        target_id: betaRequestId,
        old_value: { status: 'pending' },
        new_value: { status: 'approved', email: 'waiting@example.com', approvedAt: envelope.data.approvedAt },
      },
    ]);
  });

  it('records maintenance mode with its target and before → after, with the actor named', async () => {
    await call(AdminRpc.setMaintenanceMode, { enabled: true });
    await call(AdminRpc.setMaintenanceMode, { enabled: false });
    const { entries } = await call<AdminAuditLogRpcReply>(AdminPanelRpc.listAuditLog, {
      action: 'maintenance-mode.set',
    });
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(entries[0]).toMatchObject({
      actor: { id: ADMIN_ID, username: 'admin', email: 'admin@example.com' },
      target: { type: 'platform-setting', id: 'maintenance_mode' },
    });
  });

  it('lists newest first, a page at a time, filtered by actor and by action; admins only', async () => {
    const other = { userId: OTHER_ADMIN_ID, isAdmin: true };
    await call(AdminPanelRpc.toggleAdmin, { targetUserId: DEMO_ID, isAdmin: true }, other);
    await call(AdminPanelRpc.toggleAdmin, { targetUserId: DEMO_ID, isAdmin: false }, other);

    const byActor = await call<AdminAuditLogRpcReply>(AdminPanelRpc.listAuditLog, { actorUserId: OTHER_ADMIN_ID });
    expect(byActor.entries.map((entry) => entry.after)).toEqual([{ isAdmin: false }, { isAdmin: true }]);
    expect(byActor.entries.every((entry) => entry.actor.username === 'other_admin')).toBe(true);
    expect(byActor.pagination).toEqual({ page: 1, limit: 25, total: 2, pages: 1 });
    const second = await call<AdminAuditLogRpcReply>(AdminPanelRpc.listAuditLog, {
      actorUserId: OTHER_ADMIN_ID,
      page: 2,
      limit: 1,
    });
    expect(second.entries.map((entry) => entry.after)).toEqual([{ isAdmin: true }]);

    const all = await call<AdminAuditLogRpcReply>(AdminPanelRpc.listAuditLog, {});
    const times = all.entries.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.entries.map((entry) => entry.action))).toEqual(
      new Set(['user.toggle-admin', 'feedback.status', 'maintenance-mode.set', 'beta-request.approve']),
    );
    const byAction = await call<AdminAuditLogRpcReply>(AdminPanelRpc.listAuditLog, { action: 'feedback.status' });
    expect(byAction.entries.length).toBeGreaterThan(0);
    expect(byAction.entries.every((entry) => entry.action === 'feedback.status')).toBe(true);

    expect(await outcome(call(AdminPanelRpc.listAuditLog, {}, asDemo()))).toBe('403 FORBIDDEN');
    expect(await outcome(call(AdminPanelRpc.listAuditLog, { actorUserId: 'x' }))).toBe('400 VALIDATION_FAILED');
  });
});
