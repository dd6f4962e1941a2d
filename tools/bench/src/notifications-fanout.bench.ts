/**
 * Notifications of a fan-out (goals: one share to 10,000 followers → every in-app notification stored within 2 s of
 * the copies settling; the fan-out no more than 10 % slower than without notifications; the e-mail queue drains at
 * its configured rate without delaying anything else).
 * The built product on a fresh database with the paper broker, as auto-copy-fanout.bench.ts seeds it (N followers
 * with copy trading on, each also an identity user with an e-mail address). Measured, with notifications on:
 *  - share → last copy settled, and the last copy's notification and the last `trade_shared` notification stored,
 *    both as offsets from the last copy settled (database clocks);
 *  - the e-mail queue: summaries mailed per minute over a sample window, against NOTIFICATION_EMAIL_RATE_PER_MINUTE;
 *  - a second share while that queue drains (the fan-out beside the e-mails);
 * then the same share on a product started with NOTIFICATIONS_ENABLED=false, for the fan-out's cost.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [BENCH_EMAIL_RATE=600] \
 *     npx tsx tools/bench/src/notifications-fanout.bench.ts [followers=10000] [runs=2]
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { newTrade, seedFollowers, shareAndWaitSettled } from './support/fanout';
import { connectedDemo, startBenchProduct, traceOwnedBy, type Session } from './support/product';

const FOLLOWERS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 2);
const SYMBOLS = ['MSFT', 'NVDA', 'AMZN', 'META', 'AAPL', 'TSLA', 'AMD', 'NFLX'];
const STORED_GOAL_MS = 2_000;
const SLOWER_GOAL = 0.1;
const NOTIFIED_TIMEOUT_MS = 180_000;
const EMAIL_RATE_PER_MINUTE = Number(process.env.BENCH_EMAIL_RATE ?? 600);
const EMAIL_SAMPLE_MS = 30_000;
/** The copy notifications of a follower's copy (opened, or not placed). */
const COPY_KINDS = ['copy_opened', 'copy_failed'];

interface Stand {
  db: Client;
  session: Session;
  traceId: string;
  demoId: string;
  stop(): Promise<void>;
}

async function stand(name: string, env: Record<string, string>): Promise<Stand> {
  const product = await startBenchProduct(name, env);
  const db = new Client({ connectionString: product.databaseUrl });
  await db.connect();
  const base = product.platform.url;
  const { session, userId: demoId } = await connectedDemo(base);
  const traceId = await traceOwnedBy(base, demoId, `bench_notify_${Date.now().toString(36)}`);
  await db.query(`UPDATE brokerage.paper_accounts SET cash = 100000000 WHERE provider_user_id = $1`, [demoId]);
  await session.refreshCsrf();
  await session.call('POST', '/api/dev/market/hours', { open: true });
  return {
    db,
    session,
    traceId,
    demoId,
    stop: async () => {
      await db.end();
      await product.stop();
    },
  };
}

/** The followers as identity users too (an e-mail address each), so their notifications can be mailed. */
async function seedIdentityUsers(db: Client, users: string[]): Promise<void> {
  await db.query(
    `INSERT INTO identity.users (id, username, email, password_hash, has_completed_onboarding)
     SELECT u, 'bench_' || replace(u::text, '-', ''), 'bench-' || u || '@example.com', 'x', true
       FROM unnest($1::uuid[]) AS s(u)`,
    [users],
  );
}

interface ShareFigures {
  settledMs: number;
  /** Offsets from the last copy settled (database clock) to the last notification of each sort stored. */
  copyNotifiedMs: number | null;
  sharedNotifiedMs: number | null;
  /** The copy engine's relay: the last copy event of the fan-out published to JetStream. */
  copyEventsPublishedMs: number | null;
  ownerCopied: string | null;
}

async function share(target: Stand, symbol: string, { notifications }: { notifications: boolean }) {
  const { db, session, traceId, demoId } = target;
  const tradeId = await newTrade(db, session, traceId, symbol);
  const followers = await seedFollowers(db, traceId, demoId, FOLLOWERS);
  if (notifications) await seedIdentityUsers(db, followers);
  const { settledMs } = await shareAndWaitSettled(db, session, { traceId, tradeId, followers });
  const figures: ShareFigures = {
    settledMs,
    copyNotifiedMs: null,
    sharedNotifiedMs: null,
    copyEventsPublishedMs: null,
    ownerCopied: null,
  };
  if (!notifications) return figures;
  const deadline = Date.now() + NOTIFIED_TIMEOUT_MS;
  for (;;) {
    const { rows } = await db.query<{ copies: number; shared: number }>(
      `SELECT count(*) FILTER (WHERE kind = ANY($2::text[]))::int AS copies,
              count(*) FILTER (WHERE kind = 'trade_shared')::int AS shared
         FROM identity.notifications WHERE user_id = ANY($1::uuid[])`,
      [followers, COPY_KINDS],
    );
    if (rows[0]!.copies >= FOLLOWERS && rows[0]!.shared >= FOLLOWERS) break;
    if (Date.now() > deadline)
      throw new Error(`notifications after ${NOTIFIED_TIMEOUT_MS} ms: ${JSON.stringify(rows[0])}`);
    await sleep(50);
  }
  const { rows } = await db.query<{
    copy_ms: number;
    shared_ms: number;
    published_ms: number;
    copies: number;
    shared: number;
  }>(
    `WITH settled AS (SELECT max(updated_at) AS at FROM copy_engine.copy_instances WHERE original_trade_id = $3),
          mine AS (SELECT * FROM identity.notifications WHERE user_id = ANY($1::uuid[])),
          copy_events AS (SELECT o.published_at FROM copy_engine.outbox o
                            JOIN copy_engine.copy_instances c ON o.aggregate_id = 'copy:' || c.id
                           WHERE c.original_trade_id = $3)
     SELECT (extract(epoch FROM (SELECT max(published_at) FROM copy_events) - (SELECT at FROM settled)) * 1000)::float8 AS published_ms, (extract(epoch FROM (SELECT max(created_at) FROM mine WHERE kind = ANY($2::text[])) - (SELECT at FROM settled)) * 1000)::float8 AS copy_ms,
            (extract(epoch FROM (SELECT max(created_at) FROM mine WHERE kind = 'trade_shared') - (SELECT at FROM settled)) * 1000)::float8 AS shared_ms,
            (SELECT count(*) FROM mine WHERE kind = ANY($2::text[]))::int AS copies,
            (SELECT count(*) FROM mine WHERE kind = 'trade_shared')::int AS shared`,
    [followers, COPY_KINDS, tradeId],
  );
  const stored = rows[0]!;
  if (stored.copies !== FOLLOWERS || stored.shared !== FOLLOWERS)
    throw new Error(`duplicates: ${JSON.stringify(stored)} for ${FOLLOWERS} followers`);
  figures.copyNotifiedMs = stored.copy_ms;
  figures.sharedNotifiedMs = stored.shared_ms;
  figures.copyEventsPublishedMs = stored.published_ms;
  const { rows: owner } = await db.query<{ title: string }>(
    `SELECT title FROM identity.notifications WHERE user_id = $1 AND kind = 'trade_copied' ORDER BY updated_at DESC LIMIT 1`,
    [demoId],
  );
  figures.ownerCopied = owner[0]?.title ?? null;
  return figures;
}

/** Summaries mailed per minute over a sample window while the queue still holds work. */
async function emailDrainRate(db: Client): Promise<{ perMinute: number; pendingUsers: number }> {
  const mailed = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM identity.dev_mail WHERE sent_at > now() - interval '1 hour'`,
      )
    ).rows[0]!.n;
  const pending = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(DISTINCT user_id)::int AS n FROM identity.notifications WHERE email_topic IS NOT NULL AND emailed_at IS NULL`,
      )
    ).rows[0]!.n;
  const before = await mailed();
  const startedAt = performance.now();
  await sleep(EMAIL_SAMPLE_MS);
  const sent = (await mailed()) - before;
  return { perMinute: (sent * 60_000) / (performance.now() - startedAt), pendingUsers: await pending() };
}

function line(label: string, figures: ShareFigures): string {
  const notified =
    figures.copyNotifiedMs === null
      ? ''
      : `; the copy engine's last copy event published +${figures.copyEventsPublishedMs!.toFixed(0)} ms, ` +
        `last copy notification +${figures.copyNotifiedMs.toFixed(0)} ms, last trade_shared ` +
        `+${figures.sharedNotifiedMs!.toFixed(0)} ms after the last copy settled; owner: "${figures.ownerCopied}"`;
  return `${label}: share → last copy settled ${figures.settledMs.toFixed(0)} ms${notified}`;
}

async function main(): Promise<void> {
  const emailEnv = {
    NOTIFICATION_EMAIL_RATE_PER_MINUTE: String(EMAIL_RATE_PER_MINUTE),
    NOTIFICATION_EMAIL_GATHER_SECONDS: '1',
  };
  const withOn: ShareFigures[] = [];
  const withOff: ShareFigures[] = [];
  let drain: { perMinute: number; pendingUsers: number } | null = null;
  let besideEmails: ShareFigures | null = null;
  let symbol = 0;
  // Alternated products, so a busier minute of the machine does not fall on one variant only.
  for (let run = 0; run < RUNS; run += 1) {
    const on = await stand(`bench_notify_on_${run}`, emailEnv);
    try {
      withOn.push(await share(on, SYMBOLS[symbol++ % SYMBOLS.length]!, { notifications: true }));
      console.log(line(`notifications on, run ${run + 1}`, withOn.at(-1)!));
      if (run === 0) {
        drain = await emailDrainRate(on.db);
        console.log(
          `  e-mail queue: ${drain.perMinute.toFixed(0)} summaries/min over ${EMAIL_SAMPLE_MS / 1000} s ` +
            `(configured ${EMAIL_RATE_PER_MINUTE}/min), ${drain.pendingUsers} users still pending`,
        );
        besideEmails = await share(on, SYMBOLS[symbol++ % SYMBOLS.length]!, { notifications: true });
        console.log(line('  a second share while the e-mails drain', besideEmails));
      }
    } finally {
      await on.stop();
    }
    const off = await stand(`bench_notify_off_${run}`, { NOTIFICATIONS_ENABLED: 'false' });
    try {
      withOff.push(await share(off, SYMBOLS[symbol++ % SYMBOLS.length]!, { notifications: false }));
      console.log(line(`notifications off, run ${run + 1}`, withOff.at(-1)!));
    } finally {
      await off.stop();
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const onMs = median(withOn.map((figures) => figures.settledMs));
  const offMs = median(withOff.map((figures) => figures.settledMs));
  const slower = onMs / offMs - 1;
  const worstStored = Math.max(
    ...withOn.map((figures) => Math.max(figures.copyNotifiedMs!, figures.sharedNotifiedMs!)),
  );
  console.log(`\n${FOLLOWERS} followers, ${RUNS} runs of each (run id ${randomUUID().slice(0, 8)}):`);
  console.log(
    `  every notification stored within ${worstStored.toFixed(0)} ms of the last copy settled ` +
      `(goal ≤ ${STORED_GOAL_MS} ms): ${worstStored <= STORED_GOAL_MS ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  fan-out with notifications ${onMs.toFixed(0)} ms vs without ${offMs.toFixed(0)} ms (medians): ` +
      `${(slower * 100).toFixed(1)} % ${slower <= SLOWER_GOAL ? '(goal ≤ 10 %: met)' : '(goal ≤ 10 %: NOT met)'}`,
  );
  if (drain && besideEmails)
    console.log(
      `  e-mails: ${drain.perMinute.toFixed(0)}/min at a configured ${EMAIL_RATE_PER_MINUTE}/min; a fan-out beside ` +
        `the draining queue settled in ${besideEmails.settledMs.toFixed(0)} ms`,
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
