import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BrokerageRpc,
  ORDERS_PAGE_MAX,
  OWNER_TRADES_PAGE_MAX,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListOrdersRpcRequest,
  type ListPositionsRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { BrokerageReader, type BrokerageSnapshot } from '../../src/modules/owner-trades/brokerage-reader';
import { ListOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/list-owner-trades.use-case';
import { SyncOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/sync-owner-trades.use-case';
import { TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';
import { buyOrder, stockPosition } from '../support/brokerage-fixtures';
import { tracesOutbox, useTracesTestEnv } from '../support/traces-test-env';
import { devSignedActor } from '@copytrade/nest';

/**
 * A sync of an account with more orders than one listOrders reply holds: a stand-in for the brokerage service (on
 * a private nats-server, whose 1 MB max_payload applies) that answers orders a page of at most ORDERS_PAGE_MAX at
 * a time, like the real one. Every order must become its trade, read over every page; the Trade Manager's list of
 * them comes a page at a time too.
 */
const INSTRUMENTS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'AMD', 'GOOG', 'SPY', 'QQQ', 'NFLX', 'ORCL'];
const PER_INSTRUMENT = 110;
/** The owner's account as the stand-in answers it (the test fills it). */
const account: BrokerageSnapshot = { accountId: 'paper-paging', positions: [], orders: [] };
const pageRequests: Array<{ cursor?: string; limit?: number }> = [];

@Controller()
class PagingBrokerage {
  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(): ListAccountsRpcReply {
    return { accounts: [{ id: account.accountId } as ListAccountsRpcReply['accounts'][number]] };
  }

  @MessagePattern(BrokerageRpc.listPositions)
  positions(): ListPositionsRpcReply {
    return { positions: account.positions };
  }

  /** Pages as the brokerage service does: at most ORDERS_PAGE_MAX, the cursor (here an offset) of the next. */
  @MessagePattern(BrokerageRpc.listOrders)
  orders(@Payload() { payload }: RpcRequest<ListOrdersRpcRequest>): ListOrdersRpcReply {
    pageRequests.push({ cursor: payload.cursor, limit: payload.limit });
    const start = Number(payload.cursor ?? 0);
    const end = start + Math.min(payload.limit ?? ORDERS_PAGE_MAX, ORDERS_PAGE_MAX);
    const { orders } = account;
    return { orders: orders.slice(start, end), nextCursor: end < orders.length ? String(end) : null };
  }
}
@Module({ controllers: [PagingBrokerage] })
class PagingBrokerageModule {}

const env = useTracesTestEnv('traces_owner_sync_paging', {
  standIn: { module: PagingBrokerageModule, service: 'brokerage' },
});
let sync: SyncOwnerTradesUseCase;

beforeAll(() => {
  const { dataSource, rpc } = env;
  sync = new SyncOwnerTradesUseCase(dataSource, new BrokerageReader(rpc), tracesOutbox());
});

it('reads every page of a long order history: one trade per order, none twice; a second sync changes nothing', async () => {
  const { dataSource } = env;
  // 1,320 executed buys of 1 share, newest first, and the positions they add up to.
  const placedAt = (index: number) => new Date(Date.UTC(2026, 0, 20) - index * 60_000).toISOString();
  account.orders = Array.from({ length: INSTRUMENTS.length * PER_INSTRUMENT }, (_, index) =>
    buyOrder(
      `ord-${String(index).padStart(5, '0')}`,
      INSTRUMENTS[index % INSTRUMENTS.length]!,
      1,
      100 + (index % 7),
      placedAt(index),
    ),
  );
  account.positions = INSTRUMENTS.map((symbol) => stockPosition(symbol, PER_INSTRUMENT, 110, 103));
  const { orders } = account;
  const ownerId = randomUUID();
  const trace = await createTrace(dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Long history',
    handle: `long_${randomUUID().slice(0, 8)}`,
  });
  const context = { requestId: 'paging', actor: devSignedActor({ userId: ownerId, isAdmin: false }) };

  const first = await sync.execute(trace, context);
  expect(pageRequests).toEqual([
    { cursor: undefined, limit: ORDERS_PAGE_MAX },
    { cursor: '500', limit: ORDERS_PAGE_MAX },
    { cursor: '1000', limit: ORDERS_PAGE_MAX },
  ]);
  expect(first).toMatchObject({ synced: true, inserted: orders.length });
  const stored = await dataSource.getRepository(TradeEntity).find({ where: { traceId: trace.id } });
  expect(stored.map((trade) => trade.sourceKey).sort()).toEqual(orders.map((order) => `order:${order.id}`).sort());

  // Nothing changed at the brokerage: no row is rewritten (each row keeps its version, xmin).
  const versions = () =>
    dataSource.query(`SELECT id, xmin::text AS version FROM traces.trades WHERE trace_id = $1 ORDER BY id`, [trace.id]);
  const before = await versions();
  const again = await sync.execute(trace, context);
  expect(again).toMatchObject({ synced: true, inserted: 0, closed: [] });
  expect(await versions()).toEqual(before);
  expect(await dataSource.getRepository(TradeEntity).count({ where: { traceId: trace.id } })).toBe(orders.length);

  // The Trade Manager's list of those 1,320 open trades: a page of OWNER_TRADES_PAGE_MAX (a sync first), then the
  // rest after its cursor (no sync), each reply far under NATS's 1 MB max_payload, the totals of every open trade.
  pageRequests.length = 0;
  const list = new ListOwnerTradesUseCase(dataSource, sync);
  const request = (cursor?: string) => ({
    requestId: 'list',
    actor: context.actor,
    payload: { traceId: trace.id, cursor },
  });
  const page1 = await list.execute(request());
  expect(page1).toMatchObject({ totalCount: orders.length, sharedCount: 0, nextCursor: expect.any(String) });
  expect(page1.trades).toHaveLength(OWNER_TRADES_PAGE_MAX);
  const page2 = await list.execute(request(page1.nextCursor));
  expect(page2.trades).toHaveLength(orders.length - OWNER_TRADES_PAGE_MAX);
  expect(page2.nextCursor).toBeUndefined();
  expect(pageRequests.filter((page) => page.cursor === undefined)).toHaveLength(1);
  const listed = [...page1.trades, ...page2.trades];
  expect(new Set(listed.map((trade) => trade.id)).size).toBe(orders.length);
  expect(listed.map((trade) => trade.executedAt)).toEqual(orders.map((order) => order.timePlaced));
  for (const reply of [page1, page2]) expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(700 * 1024);
  await expect(list.execute(request('not-a-cursor'))).rejects.toMatchObject({ status: 400 });
});
