import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Payload, type ClientProxy } from '@nestjs/microservices';
import {
  BrokerageRpc,
  ORDERS_PAGE_MAX,
  OWNER_TRADES_PAGE_MAX,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListOrdersRpcRequest,
  type ListPositionsRpcReply,
  type OrderView,
  type PositionView,
  type RpcRequest,
} from '@copytrade/contracts';
import {
  natsRpcClientOptions,
  natsRpcServerOptions,
  OutboxWriter,
  RpcClient,
  runServiceMigrations,
} from '@copytrade/nest';
import { createTestDatabase, startPrivateNats, type PrivateNats, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { tracesDataSourceOptions } from '../../src/database/data-source';
import { BrokerageReader } from '../../src/modules/owner-trades/brokerage-reader';
import { ListOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/list-owner-trades.use-case';
import { SyncOwnerTradesUseCase } from '../../src/modules/owner-trades/use-cases/sync-owner-trades.use-case';
import { TradeEntity } from '../../src/modules/shared/entities';
import { createTrace } from '../../src/modules/shared/trace-factory';

/**
 * A sync of an account with more orders than one listOrders reply holds: a stand-in for the brokerage service (on
 * a private nats-server, whose 1 MB max_payload applies) that answers orders a page of at most ORDERS_PAGE_MAX at
 * a time, like the real one. Every order must become its trade, read over every page; the Trade Manager's list of
 * them comes a page at a time too.
 */
const ACCOUNT_ID = 'paper-paging';
const INSTRUMENTS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'AMD', 'GOOG', 'SPY', 'QQQ', 'NFLX', 'ORCL'];
const PER_INSTRUMENT = 110;
let orders: OrderView[] = [];
let positions: PositionView[] = [];
const pageRequests: Array<{ cursor?: string; limit?: number }> = [];

@Controller()
class PagingBrokerage {
  @MessagePattern(BrokerageRpc.listAccounts)
  accounts(): ListAccountsRpcReply {
    return { accounts: [{ id: ACCOUNT_ID } as ListAccountsRpcReply['accounts'][number]] };
  }

  @MessagePattern(BrokerageRpc.listPositions)
  positions(): ListPositionsRpcReply {
    return { positions };
  }

  /** Pages as the brokerage service does: at most ORDERS_PAGE_MAX, the cursor (here an offset) of the next. */
  @MessagePattern(BrokerageRpc.listOrders)
  orders(@Payload() { payload }: RpcRequest<ListOrdersRpcRequest>): ListOrdersRpcReply {
    pageRequests.push({ cursor: payload.cursor, limit: payload.limit });
    const start = Number(payload.cursor ?? 0);
    const end = start + Math.min(payload.limit ?? ORDERS_PAGE_MAX, ORDERS_PAGE_MAX);
    return { orders: orders.slice(start, end), nextCursor: end < orders.length ? String(end) : null };
  }
}
@Module({ controllers: [PagingBrokerage] })
class PagingBrokerageModule {}

let database: TestDatabase;
let nats: PrivateNats;
let brokerage: INestMicroservice;
let client: ClientProxy;
let dataSource: DataSource;
let sync: SyncOwnerTradesUseCase;

beforeAll(async () => {
  database = await createTestDatabase('traces_owner_sync_paging');
  await runServiceMigrations(tracesDataSourceOptions(database.url));
  nats = await startPrivateNats();
  brokerage = await NestFactory.createMicroservice(PagingBrokerageModule, {
    ...natsRpcServerOptions(nats.url, 'brokerage'),
    logger: false,
  });
  await brokerage.listen();
  dataSource = new DataSource(tracesDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  client = ClientProxyFactory.create(natsRpcClientOptions(nats.url, 'traces-owner-sync-paging-test'));
  sync = new SyncOwnerTradesUseCase(
    dataSource,
    new BrokerageReader(new RpcClient(client)),
    new OutboxWriter({ schema: 'traces', producer: 'traces' }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  await brokerage?.close();
  await dataSource?.destroy();
  await nats?.stop();
  await database?.drop();
});

it('reads every page of a long order history: one trade per order, none twice; a second sync changes nothing', async () => {
  // 1,320 executed buys of 1 share, newest first, and the positions they add up to.
  const placedAt = (index: number) => new Date(Date.UTC(2026, 0, 20) - index * 60_000).toISOString();
  orders = Array.from({ length: INSTRUMENTS.length * PER_INSTRUMENT }, (_, index) => ({
    id: `ord-${String(index).padStart(5, '0')}`,
    symbol: INSTRUMENTS[index % INSTRUMENTS.length]!,
    isOptions: false,
    optionsTicker: null,
    optionType: null,
    strikePrice: null,
    expirationDate: null,
    action: 'BUY',
    orderType: 'Market',
    timeInForce: 'Day',
    status: 'EXECUTED',
    quantity: 1,
    filledQuantity: 1,
    executionPrice: 100 + (index % 7),
    timePlaced: placedAt(index),
    timeExecuted: placedAt(index),
  }));
  positions = INSTRUMENTS.map((symbol) => ({
    symbol,
    description: null,
    quantity: PER_INSTRUMENT,
    price: 110,
    value: PER_INSTRUMENT * 110,
    averagePurchasePrice: 103,
    currency: 'USD',
    isOptions: false,
    optionsTicker: null,
    optionType: null,
    strikePrice: null,
    expirationDate: null,
    contractMultiplier: 1,
  }));
  const ownerId = randomUUID();
  const trace = await createTrace(dataSource.manager, {
    ownerUserId: ownerId,
    name: 'Long history',
    handle: `long_${randomUUID().slice(0, 8)}`,
  });
  const context = { requestId: 'paging', actor: { userId: ownerId, isAdmin: false } };

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
