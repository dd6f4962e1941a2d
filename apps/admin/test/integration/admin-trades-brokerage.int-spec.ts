import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  AdminBrokerageRpc,
  AdminTradesRpc,
  BrokerageAdminRpc,
  CopyEngineAdminRpc,
  IdentityUsersRpc,
  TracesAdminTradesRpc,
  type AdminBrokerageChangeRpcReply,
  type AdminConnectionView,
  type AdminDeleteTradeRpcReply,
  type AdminTradeChangeRpcReply,
  type AdminTradeRecord,
  type AdminTradesRpcReply,
  type CopiesOfTradesRpcReply,
  type LookupUsersRpcReply,
  type RpcActor,
  type RpcRequest,
} from '@copytrade/contracts';
import { type RpcClient } from '@copytrade/nest';
import type { DataSource } from 'typeorm';
import { useAdminService } from '../support/admin-under-test';

/**
 * The admin service's Trades and brokerage tools over NATS against the running service (real PostgreSQL with its
 * migrations, a private nats-server), traces, the copy engine, the brokerage and identity played by stand-ins: how
 * each call is composed and forwarded, its refusals (nothing forwarded) and its audit entry. The owning services'
 * own rules have their tests in apps/traces, apps/copy-engine and apps/brokerage.
 */
const ADMIN_ID = randomUUID();
const DEMO_ID = randomUUID();
const TRADER_ID = randomUUID();
const COPIERS = [randomUUID(), randomUUID(), randomUUID()];
const NAMES = new Map([
  [ADMIN_ID, 'admin'],
  [DEMO_ID, 'demo'],
  [TRADER_ID, 'trader'],
  ...COPIERS.map((id, index) => [id, `copier${index}`] as const),
]);
const TRADE_ID = randomUUID();
/** Every request the stand-ins received: [pattern, payload]. */
const received: Array<[string, Record<string, unknown>]> = [];
let copyEngineDown = false;

const record = (id: string, isShared: boolean): AdminTradeRecord => ({
  id,
  symbol: 'MSFT',
  side: 'buy',
  isOptions: false,
  optionType: null,
  optionsTicker: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
  quantity: 5,
  price: 100,
  currentPrice: 110,
  isShared,
  requiredTier: isShared ? 'premium' : null,
  status: 'open',
  strategy: 'Unknown',
  confidence: 'Medium',
  notes: null,
  tags: [],
  unrealizedPnl: 50,
  realizedPnl: 0,
  executedAt: new Date(0).toISOString(),
  trader: { id: TRADER_ID, username: null },
  trace: { id: randomUUID(), name: 'Trace', handle: '@trace' },
});
const change = (userId: string | null): AdminBrokerageChangeRpcReply => ({
  userId,
  removedConnections: ['conn-1'],
  before: { connections: [{ id: 'conn-1', disabled: false }] },
  after: { connections: [] },
});

@Controller()
class StandIns {
  @MessagePattern(TracesAdminTradesRpc.list)
  list(@Payload() { payload }: RpcRequest<Record<string, unknown>>) {
    received.push([TracesAdminTradesRpc.list, payload]);
    return { trades: [record(TRADE_ID, true), record(randomUUID(), false)], total: 27 };
  }

  @MessagePattern(TracesAdminTradesRpc.share)
  share(@Payload() { payload }: RpcRequest<Record<string, unknown>>) {
    received.push([TracesAdminTradesRpc.share, payload]);
    return {
      trade: record(TRADE_ID, true),
      before: { isShared: false },
      after: { isShared: true, requiredTier: payload.requiredTier },
    };
  }

  @MessagePattern(TracesAdminTradesRpc.delete)
  delete(@Payload() { payload }: RpcRequest<Record<string, unknown>>) {
    received.push([TracesAdminTradesRpc.delete, payload]);
    return { before: { tradeId: payload.tradeId, isShared: true } };
  }

  @MessagePattern(CopyEngineAdminRpc.copiesOfTrades)
  copies(@Payload() { payload }: RpcRequest<{ tradeIds: string[] }>): CopiesOfTradesRpcReply {
    received.push([CopyEngineAdminRpc.copiesOfTrades, payload]);
    if (copyEngineDown) throw new RpcException({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
    const first = COPIERS.map((copierUserId, index) => ({
      id: randomUUID(),
      copierUserId,
      copyAmount: 100 + index,
      copiedAt: new Date(index).toISOString(),
      status: 'open' as const,
    }));
    return payload.tradeIds.includes(TRADE_ID) ? { copies: { [TRADE_ID]: { count: 7, first } } } : { copies: {} };
  }

  @MessagePattern(IdentityUsersRpc.lookup)
  lookup(@Payload() { payload }: RpcRequest<{ ids: string[] }>): LookupUsersRpcReply {
    return {
      users: payload.ids
        .filter((id) => NAMES.has(id))
        .map((id) => ({ id, username: NAMES.get(id)!, email: `${NAMES.get(id)}@example.com` })),
    };
  }

  @MessagePattern(BrokerageAdminRpc.allConnections)
  allConnections(@Payload() { payload }: RpcRequest<Record<string, unknown>>) {
    received.push([BrokerageAdminRpc.allConnections, payload]);
    const row = (userId: string) => ({
      id: `conn-${userId}`,
      userId,
      provider: 'paper',
      providerUserId: userId,
      brokerage: { slug: 'WEBULL', name: 'Webull' },
      disabled: false,
      status: 'CONNECTED',
      accountCount: 1,
      syncedAt: new Date(0).toISOString(),
    });
    return { connections: [row(DEMO_ID), row(randomUUID())], total: 2 };
  }

  @MessagePattern(BrokerageAdminRpc.userConnections)
  userConnections(@Payload() { payload }: RpcRequest<Record<string, unknown>>) {
    received.push([BrokerageAdminRpc.userConnections, payload]);
    return { snaptradeUserId: 'p1', connections: [], accounts: [] };
  }

  @MessagePattern(BrokerageAdminRpc.deleteConnection)
  deleteConnection(@Payload() { payload }: RpcRequest<Record<string, unknown>>): AdminBrokerageChangeRpcReply {
    received.push([BrokerageAdminRpc.deleteConnection, payload]);
    return change(payload.targetUserId as string);
  }

  @MessagePattern(BrokerageAdminRpc.deleteProviderUser)
  deleteProviderUser(@Payload() { payload }: RpcRequest<Record<string, unknown>>): AdminBrokerageChangeRpcReply {
    received.push([BrokerageAdminRpc.deleteProviderUser, payload]);
    return { ...change(null), removedConnections: [] };
  }
}

@Module({ controllers: [StandIns] })
class StandInsModule {}

const service = useAdminService('admin_trades_brokerage', StandInsModule);
let rpc: RpcClient;
let db: DataSource;

beforeAll(() => {
  ({ rpc, db } = service);
});

beforeEach(() => {
  received.length = 0;
  copyEngineDown = false;
});

const asAdmin: RpcActor = { userId: ADMIN_ID, isAdmin: true };
const asDemo: RpcActor = { userId: DEMO_ID, isAdmin: false };
const call = <T>(pattern: string, payload: object, actor: RpcActor | null = asAdmin) =>
  rpc.request<object, T>(pattern, payload, { requestId: randomUUID(), actor: actor ?? undefined });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );
const auditRows = (action: string): Promise<Array<Record<string, unknown>>> =>
  db.query(
    `SELECT actor_user_id, target_type, target_id, old_value, new_value FROM admin.admin_audit_log
      WHERE action = $1 ORDER BY created_at`,
    [action],
  );

describe('trades', () => {
  it("lists traces' trades with their copy counts, the first 3 copies and the names", async () => {
    const reply = await call<AdminTradesRpcReply>(AdminTradesRpc.list, { symbol: 'MSFT', page: 2 });
    expect(received[0]).toEqual([TracesAdminTradesRpc.list, { symbol: 'MSFT', page: 2 }]);
    expect(reply.total).toBe(27);
    expect(reply.trades[0]).toMatchObject({
      id: TRADE_ID,
      trader: { id: TRADER_ID, username: 'trader' },
      copyCount: 7,
      moreCopies: 4,
      copyInstances: COPIERS.map((id, index) =>
        expect.objectContaining({ copierUserId: id, copierUsername: `copier${index}` }),
      ),
    });
    expect(reply.trades[1]).toMatchObject({ copyCount: 0, copyInstances: [], moreCopies: 0 });
  });

  it('shares at premium when no tier is named and records it; a non-admin is refused before anything is asked', async () => {
    expect(await outcome(call(AdminTradesRpc.share, { tradeId: TRADE_ID }, asDemo))).toBe('403 FORBIDDEN');
    expect(await outcome(call(AdminTradesRpc.share, { tradeId: TRADE_ID }, null))).toBe('401 UNAUTHENTICATED');
    expect(received).toEqual([]);
    const reply = await call<AdminTradeChangeRpcReply>(AdminTradesRpc.share, { tradeId: TRADE_ID });
    expect(received[0]).toEqual([TracesAdminTradesRpc.share, { tradeId: TRADE_ID, requiredTier: 'premium' }]);
    expect(reply.trade).toMatchObject({ id: TRADE_ID, copyCount: 7 });
    expect(await auditRows('trade.share')).toEqual([
      {
        actor_user_id: ADMIN_ID,
        target_type: 'trade',
        target_id: TRADE_ID,
        old_value: { isShared: false },
        new_value: { isShared: true, requiredTier: 'premium' },
      },
    ]);
  });

  it('counts the copies before deleting (a copy engine that does not answer leaves the trade), then records the copies kept', async () => {
    copyEngineDown = true;
    expect(await outcome(call(AdminTradesRpc.delete, { tradeId: TRADE_ID }))).toBe('503 SERVICE_UNAVAILABLE');
    expect(received.map(([pattern]) => pattern)).toEqual([CopyEngineAdminRpc.copiesOfTrades]);
    copyEngineDown = false;
    const reply = await call<AdminDeleteTradeRpcReply>(AdminTradesRpc.delete, { tradeId: TRADE_ID });
    expect(reply).toEqual({ copiesKept: 7 });
    expect(await auditRows('trade.delete')).toEqual([
      expect.objectContaining({
        target_id: TRADE_ID,
        old_value: { tradeId: TRADE_ID, isShared: true },
        new_value: { deleted: true, copiesKept: 7 },
      }),
    ]);
  });
});

describe('brokerage tools', () => {
  it("lists every connection with its user's name", async () => {
    const reply = await call<{ connections: AdminConnectionView[]; total: number }>(AdminBrokerageRpc.allConnections, {
      page: 1,
    });
    expect(reply.total).toBe(2);
    expect(reply.connections.map((connection) => connection.user)).toEqual([
      { username: 'demo', email: 'demo@example.com' },
      { username: null, email: null },
    ]);
  });

  it('404 for a target user who does not exist, without asking the brokerage', async () => {
    const nobody = randomUUID();
    expect(await outcome(call(AdminBrokerageRpc.userConnections, { targetUserId: nobody }))).toBe('404 USER_NOT_FOUND');
    expect(
      await outcome(call(AdminBrokerageRpc.removeBrokerage, { targetUserId: nobody, brokerageAuthorizationId: 'a' })),
    ).toBe('404 USER_NOT_FOUND');
    expect(received).toEqual([]);
    await call(AdminBrokerageRpc.userConnections, { targetUserId: DEMO_ID });
    expect(received).toEqual([[BrokerageAdminRpc.userConnections, { targetUserId: DEMO_ID }]]);
  });

  it('remove-brokerage removes that connection and records it against the user', async () => {
    expect(
      await outcome(
        call(AdminBrokerageRpc.removeBrokerage, { targetUserId: DEMO_ID, brokerageAuthorizationId: 'conn-1' }, asDemo),
      ),
    ).toBe('403 FORBIDDEN');
    expect(received).toEqual([]);
    await call(AdminBrokerageRpc.removeBrokerage, { targetUserId: DEMO_ID, brokerageAuthorizationId: 'conn-1' });
    expect(received).toEqual([[BrokerageAdminRpc.deleteConnection, { targetUserId: DEMO_ID, connectionId: 'conn-1' }]]);
    expect(await auditRows('brokerage.remove-brokerage')).toEqual([
      {
        actor_user_id: ADMIN_ID,
        target_type: 'user',
        target_id: DEMO_ID,
        old_value: { connections: [{ id: 'conn-1', disabled: false }] },
        new_value: { connections: [], removedConnections: ['conn-1'] },
      },
    ]);
  });

  it('a provider user without a record of ours is recorded against its provider id', async () => {
    await call(AdminBrokerageRpc.deleteProviderUser, { snaptradeUserId: 'orphan-1' });
    expect(await auditRows('brokerage.delete-snaptrade-user')).toEqual([
      expect.objectContaining({ target_type: 'provider-user', target_id: 'orphan-1' }),
    ]);
  });
});
