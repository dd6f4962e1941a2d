/**
 * The fixtures and the measured share of the fan-out benches: a trade bought on the paper broker, N followers seeded in
 * SQL, the share through the gateway and the wait until every copy has settled.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';
import type { Session } from './product';

const SETTLE_TIMEOUT_MS = 120_000;

/** Buys one share on the paper broker and answers the trade the owner's trace recorded for it. */
export async function newTrade(db: Client, session: Session, traceId: string, symbol: string): Promise<string> {
  const before = await db.query<{ id: string }>(`SELECT id FROM traces.trades WHERE trace_id = $1`, [traceId]);
  const known = new Set(before.rows.map((row) => row.id));
  const placed = await session.call(
    'POST',
    '/api/paper/orders',
    { action: 'BUY', symbol, quantity: 1 },
    { 'X-Request-ID': `bench-auto-copy-${randomUUID()}` },
  );
  if (placed.status !== 201) throw new Error(`paper order answered ${placed.status}: ${JSON.stringify(placed.json)}`);
  // After a 10,000-follower fan-out traces is still applying its 20,000 order events (about a minute): the owner's
  // next fill waits behind them.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM traces.trades WHERE trace_id = $1`, [traceId]);
    const fresh = rows.find((row) => !known.has(row.id));
    if (fresh) return fresh.id;
    if (Date.now() > deadline) throw new Error('the fill did not become a trade in 180 s');
    await sleep(50);
  }
}

/**
 * N followers of the trace, each with a vip subscription, copy trading on ($1,000 a copy) and a paper brokerage
 * connected with $1,000,000,000 (the demo's brokerage rows as the template: same paper secret, its broker).
 */
export async function seedFollowers(
  db: Client,
  traceId: string,
  demoId: string,
  count: number,
  options: { guards?: boolean } = {},
): Promise<string[]> {
  const users = Array.from({ length: count }, () => randomUUID());
  const connections = users.map(() => randomUUID());
  const accounts = users.map(() => randomUUID());
  const { rows: template } = await db.query<{
    secret_ciphertext: string;
    secret_hash: string;
    broker_slug: string;
    brokerage_name: string;
  }>(
    `SELECT pu.secret_ciphertext, paper.secret_hash, pc.broker_slug, c.brokerage_name
       FROM brokerage.provider_users pu
       JOIN brokerage.paper_users paper ON paper.provider_user_id = pu.provider_user_id
       JOIN brokerage.paper_connections pc ON pc.provider_user_id = pu.provider_user_id
       JOIN brokerage.connections c ON c.user_id = pu.user_id AND c.id = pc.id::text
      WHERE pu.user_id = $1 LIMIT 1`,
    [demoId],
  );
  if (!template[0]) throw new Error("the demo's paper brokerage rows are not as expected (mirror ids ≠ paper ids)");
  const { secret_ciphertext: cipher, secret_hash: hash, broker_slug: slug, brokerage_name: name } = template[0];
  const providerIds = users.map((id) => `bench-${id}`);
  await db.query('BEGIN');
  await db.query(`INSERT INTO brokerage.paper_users (provider_user_id, secret_hash) SELECT unnest($1::text[]), $2`, [
    providerIds,
    hash,
  ]);
  await db.query(
    `INSERT INTO brokerage.paper_connections (id, provider_user_id, broker_slug, type)
     SELECT unnest($1::uuid[]), unnest($2::text[]), $3, 'trade'`,
    [connections, providerIds, slug],
  );
  await db.query(
    `INSERT INTO brokerage.paper_accounts (id, connection_id, provider_user_id, name, number, cash, created_at)
     SELECT a, c, p, 'Bench', 'B-' || left(a::text, 8), 1000000000, now()
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS s(a, c, p)`,
    [accounts, connections, providerIds],
  );
  await db.query(
    `INSERT INTO brokerage.provider_users (user_id, provider, provider_user_id, secret_ciphertext)
     SELECT unnest($1::uuid[]), 'paper', unnest($2::text[]), $3`,
    [users, providerIds, cipher],
  );
  await db.query(
    `INSERT INTO brokerage.connections (id, user_id, brokerage_slug, brokerage_name, disabled)
     SELECT c::text, u, $3, $4, false FROM unnest($1::uuid[], $2::uuid[]) AS s(c, u)`,
    [connections, users, slug, name],
  );
  await db.query(
    `INSERT INTO brokerage.accounts (id, user_id, connection_id, position)
     SELECT a::text, u, c::text, 0 FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS s(a, u, c)`,
    [accounts, users, connections],
  );
  await db.query(
    `INSERT INTO traces.subscriptions (trace_id, user_id, tier_id, tier_name, status)
     SELECT $1, u, tier.id, tier.name, 'active'
       FROM unnest($2::uuid[]) AS s(u), traces.tiers tier WHERE tier.trace_id = $1 AND tier.name = 'vip'`,
    [traceId, users],
  );
  await db.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, changed_at)
     SELECT unnest($1::uuid[]), true, 1000, now()`,
    [users],
  );
  if (options.guards) {
    await db.query(
      `INSERT INTO copy_engine.follower_guards (user_id, price_protection_percent) SELECT unnest($1::uuid[]), 5`,
      [users],
    );
    await db.query(
      `INSERT INTO copy_engine.trace_guards (user_id, trace_id, stop_loss_percent) SELECT unnest($1::uuid[]), $2, 50`,
      [users, traceId],
    );
  }
  await db.query('COMMIT');
  await db.query('ANALYZE');
  return users;
}

/** PostgreSQL's single-row insert rate on this machine now: one pgbench client, one INSERT per transaction. */
export function pgbenchInsertRate(databaseUrl: string, seconds = 5): number {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  const script = join(dir, 'insert.sql');
  writeFileSync(script, 'INSERT INTO public.bench_single_insert (v) VALUES (random());\n');
  execFileSync('psql', [
    databaseUrl,
    '-qc',
    'CREATE TABLE IF NOT EXISTS public.bench_single_insert (id bigserial PRIMARY KEY, v double precision)',
  ]);
  const output = execFileSync(
    'pgbench',
    ['-n', '-c', '1', '-j', '1', '-T', String(seconds), '-f', script, databaseUrl],
    {
      encoding: 'utf8',
    },
  );
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench said: ${output}`);
  return Number(tps);
}

/** A CTE for the queries below: `shared.at`, when the trade ($1) was shared (TradeShared written, database clock). */
export const SHARED_AT = `shared AS (SELECT min(created_at) AS at FROM traces.outbox
                    WHERE aggregate_id = 'trade:' || $1::text AND subject = 'events.traces.trade.shared.v1')`;

export interface SettledShare {
  /** performance.now() when the share was sent. */
  startedAt: number;
  sharedAnsweredMs: number;
  recordedMs: number;
  settledMs: number;
}

/**
 * The owner shares `tradeId` (its previous audience unsubscribed, so the N `followers` are all of it) and this waits
 * until all N copies are recorded and none is PENDING. `beforeShare` runs last before the share (a CPU snapshot).
 */
export async function shareAndWaitSettled(
  db: Client,
  session: Session,
  { traceId, tradeId, followers }: { traceId: string; tradeId: string; followers: string[] },
  beforeShare: () => Promise<void> = async () => undefined,
): Promise<SettledShare> {
  const size = followers.length;
  // The previous run's followers unsubscribe: this trade's audience is this run's N.
  await db.query(
    `UPDATE traces.subscriptions SET status = 'ended', ended_at = now()
      WHERE trace_id = $1 AND status = 'active' AND NOT (user_id = ANY($2::uuid[]))`,
    [traceId, followers],
  );
  await session.refreshCsrf();
  await beforeShare();
  const startedAt = performance.now();
  const shared = await session.call('POST', `/api/trace-owner/${traceId}/share-trade`, {
    snaptradeTradeId: tradeId,
    minTier: 'basic',
  });
  if (shared.status !== 200) throw new Error(`share answered ${shared.status}: ${JSON.stringify(shared.json)}`);
  const sharedAnsweredMs = performance.now() - startedAt;
  let recordedMs: number | null = null;
  let settledMs: number | null = null;
  // Polled every 20 ms, so the poll must stay cheap: counting every copy of the trade each time (10,000 rows,
  // most of them just updated) kept a PostgreSQL backend busy a third of the fan-out on this 2-core machine. The
  // copies are counted until all are recorded (the first few polls); from then on the poll only asks whether any is
  // still PENDING (an index probe), and the copies are counted once more when none is.
  const counts = async () =>
    (
      await db.query<{ recorded: number; settled: number }>(
        `SELECT count(*)::int AS recorded, count(*) FILTER (WHERE status IN ('OPEN', 'FAILED'))::int AS settled
           FROM copy_engine.copy_instances WHERE original_trade_id = $1`,
        [tradeId],
      )
    ).rows[0]!;
  for (;;) {
    const now = () => performance.now() - startedAt;
    if (recordedMs === null) {
      const { recorded } = await counts();
      if (recorded > size) throw new Error(`${recorded} copies for ${size} followers`);
      if (recorded >= size) recordedMs = now();
    }
    if (recordedMs !== null) {
      const { rows } = await db.query<{ pending: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM copy_engine.copy_instances WHERE original_trade_id = $1 AND status = 'PENDING')
                AS pending`,
        [tradeId],
      );
      if (!rows[0]!.pending) {
        settledMs = now();
        const final = await counts();
        if (final.recorded !== size || final.settled !== size)
          throw new Error(`none PENDING, but ${JSON.stringify(final)} for ${size} followers`);
        break;
      }
    }
    if (now() > SETTLE_TIMEOUT_MS) throw new Error(`after ${SETTLE_TIMEOUT_MS} ms: ${JSON.stringify(await counts())}`);
    await sleep(20);
  }
  return { startedAt, sharedAnsweredMs, recordedMs: recordedMs!, settledMs: settledMs! };
}
