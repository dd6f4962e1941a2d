import { randomUUID } from 'node:crypto';
import type { CopiesOfTradesPayload, RpcRequest } from '@copytrade/contracts';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { copyEngineDataSourceOptions } from '../../src/database/data-source';
import { CopiesOfTradesUseCase } from '../../src/modules/admin-copies/copies-of-trades.use-case';
import { runCopyEngineMigrations } from '../support/copy-engine-migrations';
import { devSignedActor } from '@copytrade/nest';

/**
 * rpc.copy-engine.admin.copies.of-trades against real PostgreSQL with the real migrations: per trade, the copies
 * that count (not FAILED) and the first 3, oldest first, with copier, amount, time and status; admins only.
 */
let database: TestDatabase;
let dataSource: DataSource;
let useCase: CopiesOfTradesUseCase;
const admin = randomUUID();

const ask = (tradeIds: string[], isAdmin = true): Promise<unknown> =>
  useCase.execute({
    requestId: randomUUID(),
    actor: devSignedActor({ userId: admin, isAdmin }),
    payload: { tradeIds },
  } as RpcRequest<CopiesOfTradesPayload>);

async function addCopy(
  tradeId: string,
  status: string,
  minute: number,
  amount = '100',
): Promise<{ id: string; userId: string }> {
  const userId = randomUUID();
  const [row] = (await dataSource.query(
    `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
       trader_user_id, trace_name, trace_handle, placement, status, symbol, side, quantity_requested, copy_amount,
       brokerage_account_id, trader_price, created_at)
     VALUES ($1, $2, 'h', $3, $4, $5, 'T', '@t', 'manual', $6, 'MSFT', 'buy', 1, $7, 'acct', 100, $8) RETURNING id`,
    [
      userId,
      randomUUID(),
      tradeId,
      randomUUID(),
      randomUUID(),
      status,
      amount,
      new Date(Date.UTC(2026, 0, 1, 0, minute)),
    ],
  )) as Array<{ id: string }>;
  return { id: row!.id, userId };
}

beforeAll(async () => {
  database = await createTestDatabase('admin_copies');
  await runCopyEngineMigrations(database.url);
  dataSource = new DataSource(copyEngineDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  useCase = new CopiesOfTradesUseCase(dataSource);
}, 60_000);
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

it('counts the copies that count per trade and gives the first 3, oldest first; FAILED copies never count', async () => {
  const busy = randomUUID();
  const quiet = randomUUID();
  const none = randomUUID();
  const first = await addCopy(busy, 'OPEN', 1, '250.5');
  await addCopy(busy, 'FAILED', 2);
  const second = await addCopy(busy, 'CLOSED', 3);
  const third = await addCopy(busy, 'PENDING', 4);
  await addCopy(busy, 'OPEN', 5);
  await addCopy(busy, 'OPEN', 6);
  await addCopy(quiet, 'FAILED', 1);
  const only = await addCopy(quiet, 'OPEN', 7);

  const { copies } = (await ask([busy, quiet, none])) as {
    copies: Record<string, { count: number; first: Array<Record<string, unknown>> }>;
  };
  expect(Object.keys(copies).sort()).toEqual([busy, quiet].sort());
  expect(copies[busy]!.count).toBe(5);
  expect(copies[busy]!.first).toEqual([
    {
      id: first.id,
      copierUserId: first.userId,
      copyAmount: 250.5,
      copiedAt: '2026-01-01T00:01:00.000Z',
      status: 'open',
    },
    expect.objectContaining({ id: second.id, copierUserId: second.userId, status: 'closed' }),
    expect.objectContaining({ id: third.id, status: 'pending' }),
  ]);
  expect(copies[quiet]).toEqual({ count: 1, first: [expect.objectContaining({ id: only.id, status: 'open' })] });
  expect(await ask([])).toEqual({ copies: {} });
});

it('refuses a non-admin and a signed-out caller', async () => {
  await expect(ask([randomUUID()], false)).rejects.toMatchObject({ status: 403 });
  await expect(
    useCase.execute({ requestId: 'r', payload: { tradeIds: [] } } as RpcRequest<CopiesOfTradesPayload>),
  ).rejects.toMatchObject({ status: 401 });
});
