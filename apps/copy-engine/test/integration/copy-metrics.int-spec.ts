import { expectEventually } from '@copytrade/testing';
import { randomUUID } from 'node:crypto';
import { CopyTradeErrorCode } from '@copytrade/contracts';
import { copyOutcomes, fanoutDuration, OutboxWriter } from '@copytrade/nest';
import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import { copyEngineDataSourceOptions } from '../../src/database/data-source';
import { settleCopyFill } from '../../src/modules/copies/copy-settlement';
import { observeSettledFanouts } from '../../src/modules/copies/fanout-settled';
import { announceNotPlaced, type NotPlacedCopy } from '../../src/modules/copies/not-placed-copies';
import { runCopyEngineMigrations } from '../support/copy-engine-migrations';

/**
 * The copy engine's business metrics against real PostgreSQL: copytrade_copies_total counts a copy once the
 * transaction that settled it commits (never on rollback), with a bounded code label; the fan-out histogram times a
 * share once, when its last automatic copy has settled.
 */
let database: TestDatabase;
let dataSource: DataSource;
const outbox = new OutboxWriter({ schema: 'copy_engine', producer: 'copy-engine' });
const trace = randomUUID();

async function copiesCounted(labels: { outcome: string; placement: string; code: string }): Promise<number> {
  const { values } = await copyOutcomes().get();
  return values.find((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))?.value ?? 0;
}

async function fanoutsTimed(): Promise<number> {
  const { values } = await fanoutDuration().get();
  return values.find((v) => v.metricName === 'copytrade_copy_fanout_duration_seconds_count')?.value ?? 0;
}

async function addCopy(
  manager: EntityManager,
  copy: { trade: string; placement: 'manual' | 'automatic'; status: 'PENDING' | 'FAILED'; sharedAt: Date },
): Promise<string> {
  const [row] = (await manager.query(
    `INSERT INTO copy_engine.copy_instances (user_id, request_id, request_hash, original_trade_id, trace_id,
       trader_user_id, trace_name, trace_handle, placement, status, symbol, side, is_options, contract_multiplier,
       quantity_requested, quantity_filled, trader_price, trader_shared_at, origin)
     VALUES ($1, $2, 'h', $3, $4, $5, 'T', '@t', $6, $7, 'AAPL', 'buy', false, 1, 1, 0, '100', $8, 'shared')
     RETURNING id`,
    [randomUUID(), randomUUID(), copy.trade, trace, randomUUID(), copy.placement, copy.status, copy.sharedAt],
  )) as Array<{ id: string }>;
  return row!.id;
}

const notPlaced = (code: string, placement: 'manual' | 'automatic' = 'manual'): NotPlacedCopy => ({
  id: randomUUID(),
  userId: randomUUID(),
  originalTradeId: randomUUID(),
  traceId: trace,
  placement,
  symbol: 'AAPL',
  optionsTicker: null,
  code,
  reason: 'why',
});

beforeAll(async () => {
  database = await createTestDatabase('copy_metrics');
  await runCopyEngineMigrations(database.url);
  dataSource = new DataSource(copyEngineDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
});

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe('copytrade_copies_total', () => {
  it('counts a skipped and a failed copy once their transaction commits, and nothing when it rolls back', async () => {
    const skipped = { outcome: 'skipped', placement: 'manual', code: CopyTradeErrorCode.SKIPPED_PAUSED };
    const failed = { outcome: 'failed', placement: 'manual', code: CopyTradeErrorCode.MARKET_CLOSED };
    const [skippedBefore, failedBefore] = [await copiesCounted(skipped), await copiesCounted(failed)];

    await expect(
      dataSource.transaction(async (manager) => {
        await announceNotPlaced(manager, outbox, [notPlaced(skipped.code), notPlaced(failed.code)], {
          correlationId: 'c',
        });
        expect(await copiesCounted(skipped)).toBe(skippedBefore); // not before the commit
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await copiesCounted(skipped)).toBe(skippedBefore);
    expect(await copiesCounted(failed)).toBe(failedBefore);

    await dataSource.transaction(async (manager) => {
      await announceNotPlaced(manager, outbox, [notPlaced(skipped.code), notPlaced(failed.code)], {
        correlationId: 'c',
      });
      expect(await copiesCounted(skipped)).toBe(skippedBefore);
    });
    expect(await copiesCounted(skipped)).toBe(skippedBefore + 1);
    expect(await copiesCounted(failed)).toBe(failedBefore + 1);
  });

  it("labels a provider's own code `other` (a bounded label set)", async () => {
    const other = { outcome: 'failed', placement: 'manual', code: 'other' };
    const before = await copiesCounted(other);
    await dataSource.transaction((manager) =>
      announceNotPlaced(manager, outbox, [notPlaced('SOME_PROVIDER_TEXT_1234')], { correlationId: 'c' }),
    );
    expect(await copiesCounted(other)).toBe(before + 1);
    expect(await copiesCounted({ ...other, code: 'SOME_PROVIDER_TEXT_1234' })).toBe(0);
  });

  it('counts an opened copy after the commit of its fill, once (a second settlement changes nothing)', async () => {
    const opened = { outcome: 'opened', placement: 'manual', code: 'none' };
    const before = await copiesCounted(opened);
    const id = await addCopy(dataSource.manager, {
      trade: randomUUID(),
      placement: 'manual',
      status: 'PENDING',
      sharedAt: new Date(),
    });
    const fill = {
      filledQuantity: '1',
      averagePrice: '101',
      brokerageOrderId: 'o-1',
      orderState: 'FILLED' as const,
      filledAt: new Date(),
    };
    await expect(
      dataSource.transaction(async (manager) => {
        expect(await settleCopyFill(manager, outbox, id, fill, { correlationId: 'c' })).toBe('opened');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await copiesCounted(opened)).toBe(before);
    await dataSource.transaction((manager) => settleCopyFill(manager, outbox, id, fill, { correlationId: 'c' }));
    await dataSource.transaction((manager) => settleCopyFill(manager, outbox, id, fill, { correlationId: 'c' }));
    expect(await copiesCounted(opened)).toBe(before + 1);
  });
});

describe('copytrade_copy_fanout_duration_seconds', () => {
  it('times a share once, when its fan-out has committed and its last automatic copy has settled', async () => {
    const trade = randomUUID();
    const sharedAt = new Date(Date.now() - 3_000);
    const pending = await addCopy(dataSource.manager, { trade, placement: 'automatic', status: 'PENDING', sharedAt });
    await addCopy(dataSource.manager, { trade, placement: 'automatic', status: 'FAILED', sharedAt });
    const before = await fanoutsTimed();

    // The fan-out has not committed its share yet: not timed.
    await observeSettledFanouts(dataSource.manager, [trade]);
    expect(await fanoutsTimed()).toBe(before);
    await dataSource.query(
      `INSERT INTO copy_engine.shared_trades (trade_id, trace_id, shared_at) VALUES ($1, $2, $3)`,
      [trade, trace, sharedAt],
    );
    // A copy still pending: not timed.
    await observeSettledFanouts(dataSource.manager, [trade]);
    expect(await fanoutsTimed()).toBe(before);

    // The last copy fails (through the path every not-placed copy takes): timed once, soon after its commit (the
    // commit does not wait for it).
    await dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE copy_engine.copy_instances SET status = 'FAILED' WHERE id = $1`, [pending]);
      await announceNotPlaced(
        manager,
        outbox,
        [{ ...notPlaced(CopyTradeErrorCode.SKIPPED_PRICE_MOVED, 'automatic'), id: pending, originalTradeId: trade }],
        { correlationId: 'c' },
      );
    });
    await expectEventually(async () => expect(await fanoutsTimed()).toBe(before + 1));
    const { values } = await fanoutDuration().get();
    const sum = values.find((v) => v.metricName === 'copytrade_copy_fanout_duration_seconds_sum')!.value;
    expect(sum).toBeGreaterThanOrEqual(3);
    await observeSettledFanouts(dataSource.manager, [trade]);
    expect(await fanoutsTimed()).toBe(before + 1);
  });
});
