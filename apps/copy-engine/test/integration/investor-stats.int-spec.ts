import { randomUUID } from 'node:crypto';
import type { InvestorStatsQueryDto, InvestorStatsView, RpcRequest } from '@copytrade/contracts';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { copyEngineDataSourceOptions } from '../../src/database/data-source';
import { InvestorStatsUseCase } from '../../src/modules/analytics/investor-stats.use-case';
import { runCopyEngineMigrations } from '../support/copy-engine-migrations';
import { devSignedActor } from '@copytrade/nest';

/**
 * rpc.copy-engine.analytics.investor-stats against real PostgreSQL with the real migrations, checked against a
 * fixture computed by hand for each time frame (see the table under `fixture`).
 */
let database: TestDatabase;
let dataSource: DataSource;
let useCase: InvestorStatsUseCase;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const [u1, u2, u3, u4, u5] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];

const stats = async (timeFrame?: InvestorStatsQueryDto['timeFrame'], isAdmin = true): Promise<InvestorStatsView> =>
  (
    await useCase.execute({
      requestId: randomUUID(),
      actor: devSignedActor({ userId: u1, isAdmin }),
      payload: timeFrame ? { timeFrame } : {},
    } as RpcRequest<InvestorStatsQueryDto>)
  ).stats;

interface Copy {
  user: string;
  symbol: string;
  status: 'OPEN' | 'CLOSED' | 'PENDING' | 'FAILED';
  amount: number;
  filledDaysAgo: number;
  pnl?: number;
  closedDaysAgo?: number;
}

async function addCopy(copy: Copy): Promise<void> {
  const filled = copy.status === 'OPEN' || copy.status === 'CLOSED';
  await dataSource.query(
    `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
       trader_user_id, trace_name, trace_handle, placement, status, symbol, side, quantity_requested, quantity_filled,
       entry_price, copy_amount, brokerage_account_id, trader_price, created_at, filled_at, realized_pnl, closed_at)
     VALUES ($1, $2, 'h', $3, $4, $5, 'T', '@t', 'manual', $6, $7, 'buy', 1, $8, $9, $10, 'acct', 100, $11, $12, $13, $14)`,
    [
      copy.user,
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      copy.status,
      copy.symbol,
      filled ? 1 : 0,
      filled ? copy.amount : null,
      copy.amount,
      daysAgo(copy.filledDaysAgo),
      filled ? daysAgo(copy.filledDaysAgo) : null,
      copy.pnl ?? null,
      copy.closedDaysAgo === undefined ? null : daysAgo(copy.closedDaysAgo),
    ],
  );
}

/**
 *  # user symbol status  amount  copied  closed  P&L   return  held
 *  1 u1   AAPL   CLOSED  1000    3d ago  1d ago  +100  +10 %    2 d
 *  2 u1   MSFT   OPEN     500   10d ago
 *  3 u2   AAPL   CLOSED  2000   20d ago 15d ago  -200  -10 %    5 d
 *  4 u2   TSLA   CLOSED   400   60d ago 50d ago   +40  +10 %   10 d
 *  5 u3   NVDA   OPEN     300  100d ago
 *  6 u3   AAPL   CLOSED   100  200d ago 120d ago  +50  +50 %   80 d
 *  7 u5   AMD    OPEN     250    5d ago
 *  - u4   MSFT   PENDING  900    1d ago   (not a trade yet: never counted)
 *  - u4   GOOG   FAILED   800    2d ago   (never a trade: never counted)
 */
const fixture: Copy[] = [
  { user: u1, symbol: 'AAPL', status: 'CLOSED', amount: 1000, filledDaysAgo: 3, pnl: 100, closedDaysAgo: 1 },
  { user: u1, symbol: 'MSFT', status: 'OPEN', amount: 500, filledDaysAgo: 10 },
  { user: u2, symbol: 'AAPL', status: 'CLOSED', amount: 2000, filledDaysAgo: 20, pnl: -200, closedDaysAgo: 15 },
  { user: u2, symbol: 'TSLA', status: 'CLOSED', amount: 400, filledDaysAgo: 60, pnl: 40, closedDaysAgo: 50 },
  { user: u3, symbol: 'NVDA', status: 'OPEN', amount: 300, filledDaysAgo: 100 },
  { user: u3, symbol: 'AAPL', status: 'CLOSED', amount: 100, filledDaysAgo: 200, pnl: 50, closedDaysAgo: 120 },
  { user: u5, symbol: 'AMD', status: 'OPEN', amount: 250, filledDaysAgo: 5 },
  { user: u4, symbol: 'MSFT', status: 'PENDING', amount: 900, filledDaysAgo: 1 },
  { user: u4, symbol: 'GOOG', status: 'FAILED', amount: 800, filledDaysAgo: 2 },
];

beforeAll(async () => {
  database = await createTestDatabase('investor_stats');
  await runCopyEngineMigrations(database.url);
  dataSource = new DataSource(copyEngineDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  useCase = new InvestorStatsUseCase(dataSource);
  for (const copy of fixture) await addCopy(copy);
}, 60_000);
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

// All time: 7 filled copies, Σ 4550; 4 closed, 3 won.
const allTime = { totalCopyTrades: 7, totalVolume: 4550, totalClosedTrades: 4, overallWinRate: 75 };
const symbol = (name: string, copiesCount: number, totalVolume: number, averageReturn = 0) => ({
  symbol: name,
  copiesCount,
  totalVolume,
  averageReturn,
});

it('7d: copies 1 and 7; copy 1 closed in the window; u5 is new', async () => {
  const result = await stats('7d');
  expect(result.timeFrame).toBe('7d');
  expect(result.overview).toEqual({
    totalCopyTrades: allTime.totalCopyTrades,
    recentCopyTrades: 2,
    totalVolume: allTime.totalVolume,
    recentVolume: 1250,
    activeUsers: 2,
    uniqueSymbols: 2,
  });
  expect(result.performance).toEqual({
    totalClosedTrades: allTime.totalClosedTrades,
    overallWinRate: allTime.overallWinRate,
    recentWinRate: 100,
    averageReturn: 10,
    averageHoldingDays: 2,
  });
  expect(result.topSymbols).toEqual([symbol('AAPL', 1, 1000, 10), symbol('AMD', 1, 250)]);
  expect(result.growth).toEqual({ newActiveUsers: 1 });
});

it('30d (the default): copies 1, 2, 3, 7; copies 1 and 3 closed (one won); u1 and u5 are new', async () => {
  const result = await stats();
  expect(result.timeFrame).toBe('30d');
  expect(Date.parse(result.since!)).toBeCloseTo(Date.now() - 30 * DAY, -4);
  expect(result.overview).toEqual({
    totalCopyTrades: 7,
    recentCopyTrades: 4,
    totalVolume: 4550,
    recentVolume: 3750,
    activeUsers: 3,
    uniqueSymbols: 3,
  });
  // (+10 − 10) / 2 = 0; (2 + 5) / 2 = 3.5 days
  expect(result.performance).toEqual({
    totalClosedTrades: 4,
    overallWinRate: 75,
    recentWinRate: 50,
    averageReturn: 0,
    averageHoldingDays: 3.5,
  });
  expect(result.topSymbols).toEqual([symbol('AAPL', 2, 3000, 0), symbol('MSFT', 1, 500), symbol('AMD', 1, 250)]);
  expect(result.growth).toEqual({ newActiveUsers: 2 });
});

it('90d: copy 4 joins; three closed in the window, two won', async () => {
  const result = await stats('90d');
  expect(result.overview).toEqual({
    totalCopyTrades: 7,
    recentCopyTrades: 5,
    totalVolume: 4550,
    recentVolume: 4150,
    activeUsers: 3,
    uniqueSymbols: 4,
  });
  // 2/3 = 66.7 %; (10 − 10 + 10) / 3 = 3.33 %; (2 + 5 + 10) / 3 = 5.67 days
  expect(result.performance).toEqual({
    totalClosedTrades: 4,
    overallWinRate: 75,
    recentWinRate: 66.7,
    averageReturn: 3.33,
    averageHoldingDays: 5.67,
  });
  expect(result.topSymbols).toEqual([
    symbol('AAPL', 2, 3000, 0),
    symbol('MSFT', 1, 500),
    symbol('TSLA', 1, 400, 10),
    symbol('AMD', 1, 250),
  ]);
  expect(result.growth).toEqual({ newActiveUsers: 3 });
});

it('all: every filled copy is recent; the pending and failed ones never count', async () => {
  const result = await stats('all');
  expect(result.since).toBeNull();
  expect(result.overview).toEqual({
    totalCopyTrades: 7,
    recentCopyTrades: 7,
    totalVolume: 4550,
    recentVolume: 4550,
    activeUsers: 4,
    uniqueSymbols: 5,
  });
  // (10 − 10 + 10 + 50) / 4 = 15 %; (2 + 5 + 10 + 80) / 4 = 24.25 days
  expect(result.performance).toEqual({
    totalClosedTrades: 4,
    overallWinRate: 75,
    recentWinRate: 75,
    averageReturn: 15,
    averageHoldingDays: 24.25,
  });
  // AAPL: (10 − 10 + 50) / 3 = 16.67 %
  expect(result.topSymbols).toEqual([
    symbol('AAPL', 3, 3100, 16.67),
    symbol('MSFT', 1, 500),
    symbol('TSLA', 1, 400, 10),
    symbol('NVDA', 1, 300),
    symbol('AMD', 1, 250),
  ]);
  expect(result.growth).toEqual({ newActiveUsers: 4 });
});

it('is refused to non-admins', async () => {
  await expect(stats('30d', false)).rejects.toMatchObject({ status: 403 });
});

it('shows the top 8 symbols only, most copied first', async () => {
  // Nine more symbols copied yesterday, ZZ0 once … ZZ8 nine times; with AAPL (1 copy in 7d) and AMD.
  for (let index = 0; index < 9; index += 1)
    for (let copies = 0; copies <= index; copies += 1)
      await addCopy({ user: u4, symbol: `ZZ${index}`, status: 'OPEN', amount: 10, filledDaysAgo: 1 });
  const { topSymbols } = await stats('7d');
  expect(topSymbols.map((top) => top.symbol)).toEqual(['ZZ8', 'ZZ7', 'ZZ6', 'ZZ5', 'ZZ4', 'ZZ3', 'ZZ2', 'ZZ1']);
  expect(topSymbols[0]).toEqual(symbol('ZZ8', 9, 90));
});
