import { OutboxWriter, DEMO_OWNERS } from '@copytrade/nest';
import type { TracesConfig } from '../../src/config/traces.config';
import { DemoDataSeeder } from '../../src/modules/demo-data/demo-data.seeder';
import { DEMO_ONBOARDING_HANDLE, DEMO_TRACES } from '../../src/modules/demo-data/demo-traces.catalogue';
import { SubscriptionLedger } from '../../src/modules/subscriptions/subscription-ledger';
import { useMigratedTracesDatabase } from '../support/migrated-database';

const database = useMigratedTracesDatabase('traces_demo_data');

/** What the seeders told the gateways (TracesChanges.publish): undefined = every trace changed. */
const announced: Array<string | undefined> = [];

const seederWith = (config: Partial<TracesConfig>) =>
  new DemoDataSeeder(
    database.dataSource(),
    new SubscriptionLedger(new OutboxWriter({ schema: 'traces', producer: 'traces' }), {
      kick: () => undefined,
    } as never),
    { publish: async (traceId?: string) => void announced.push(traceId) } as never,
    config as TracesConfig,
  );
const count = async (sql: string) => Number((await database.dataSource().query(sql))[0].count);

it('seeds nothing when demo data is off', async () => {
  await seederWith({ seedsDemoData: false }).onApplicationBootstrap();
  expect(await count('SELECT count(*) FROM traces.traces')).toBe(0);
});

describe('with demo data on', () => {
  beforeAll(async () => {
    // Two replicas starting together: the advisory lock lets one seed and the other find the traces.
    const seeder = seederWith({ seedsDemoData: true });
    await Promise.all([seeder.onApplicationBootstrap(), seeder.onApplicationBootstrap()]);
  }, 60_000);

  it('creates the dozen traces once, owned by the demo owners, each with four tiers and posts', async () => {
    expect(announced).toEqual([undefined]); // the replica that seeded told the gateways, once, after its commit
    await seederWith({ seedsDemoData: true }).onApplicationBootstrap();
    expect(announced).toEqual([undefined]);
    expect(await count('SELECT count(*) FROM traces.traces')).toBe(DEMO_TRACES.length);
    expect(await count('SELECT count(*) FROM traces.tiers')).toBe(DEMO_TRACES.length * 4);
    const owners = await database.dataSource().query('SELECT DISTINCT owner_user_id AS id FROM traces.traces');
    expect(owners.map((row: { id: string }) => row.id).sort()).toEqual(DEMO_OWNERS.map((owner) => owner.id).sort());
    expect(await count('SELECT count(*) FROM traces.posts WHERE is_public')).toBe(DEMO_TRACES.length * 2);
  });

  it('gives months of shared and private, open and closed trades (a live one at the free tier), options in hundredths', async () => {
    const [span] = await database.dataSource().query(
      `SELECT extract(day FROM max(executed_at) - min(executed_at)) AS days,
              count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE is_shared) AS shared,
              count(*) FILTER (WHERE NOT is_shared) AS private,
              count(*) FILTER (WHERE is_options AND options_ticker ~ '^[A-Z.]{1,6} *[0-9]{6}[CP][0-9]{8}$') AS options
         FROM traces.trades`,
    );
    expect(Number(span.days)).toBeGreaterThan(150);
    for (const key of ['open', 'shared', 'private', 'options']) expect(Number(span[key])).toBeGreaterThan(0);
    const freeLiveTrades = await database.dataSource().query(
      `SELECT count(DISTINCT trace_id) AS count FROM traces.trades
        WHERE status = 'open' AND is_shared AND required_tier = 'free'`,
    );
    expect(Number(freeLiveTrades[0].count)).toBe(DEMO_TRACES.length);
    const tiers = await database.dataSource().query('SELECT DISTINCT required_tier FROM traces.trades WHERE is_shared');
    expect(tiers.map((row: { required_tier: string }) => row.required_tier).sort()).toEqual([
      'basic',
      'free',
      'premium',
      'vip',
    ]);
  });

  it('computes the statistics from the trades, subscriber counts match subscriptions, the onboarding trader is set', async () => {
    const traces = await database.dataSource().query(
      `SELECT t.handle, t.total_trades, t.win_rate, t.monthly_return, t.subscriber_count,
              (SELECT count(*) FROM traces.trades WHERE trace_id = t.id) AS trades,
              (SELECT count(*) FROM traces.subscriptions WHERE trace_id = t.id AND status = 'active') AS subscriptions
         FROM traces.traces t`,
    );
    for (const trace of traces) {
      expect(trace.total_trades).toBe(Number(trace.trades));
      expect(trace.subscriber_count).toBe(Number(trace.subscriptions));
      expect(trace.subscriber_count).toBeGreaterThan(0);
    }
    expect(traces.some((trace: { monthly_return: string }) => Number(trace.monthly_return) >= 20)).toBe(true);
    expect(traces.some((trace: { win_rate: string }) => Number(trace.win_rate) >= 60)).toBe(true);
    const [designated] = await database
      .dataSource()
      .query('SELECT t.handle FROM traces.onboarding_trader o JOIN traces.traces t ON t.id = o.trace_id');
    expect(designated.handle).toBe(DEMO_ONBOARDING_HANDLE);
    expect(await count(`SELECT count(*) FROM traces.outbox WHERE subject LIKE '%subscription.started%'`)).toBe(
      Number(traces.reduce((sum: number, trace: { subscriptions: string }) => sum + Number(trace.subscriptions), 0)),
    );
  });
});
