/**
 * How fast the notification e-mail queue drains. Identity's built worker and store on a fresh database with its real
 * migrations: `users` recipients with 3 notifications each waiting for their e-mail (past the gathering delay),
 * seeded in SQL. The mailer only counts (what an SMTP server takes per e-mail is not measured here).
 * Measured: for `seconds`, the e-mails sent at NOTIFICATION_EMAIL_RATE_PER_MINUTE=`rate` (the configured pace, and
 * the time the whole queue would take at it); then the rest of the queue drained with no rate limit (the worker's
 * own ceiling: claims, reads of the switches, marking).
 *
 *   npx tsc -b apps/identity/tsconfig.json && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx tools/bench/src/notification-emails.bench.ts [users=10000] [rate=600] [seconds=60]
 */
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { loadConfig, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase } from '@copytrade/testing';
import { DataSource, type DataSourceOptions } from 'typeorm';

const USERS = Number(process.argv[2] ?? 10_000);
const RATE = Number(process.argv[3] ?? 600);
const SECONDS = Number(process.argv[4] ?? 60);
const UNLIMITED_RATE = 600_000;

/** The built identity modules (npx tsc -b apps/identity/tsconfig.json), loaded at run time as the service runs them. */
function builtIdentity() {
  const dist = join(__dirname, '..', '..', '..', 'apps/identity/dist');
  /* eslint-disable @typescript-eslint/no-require-imports -- the built service's modules, loaded at run time */
  const { identityDataSourceOptions } = require(join(dist, 'database/data-source.js'));
  const { IdentityConfig } = require(join(dist, 'config/identity.config.js'));
  const { NotificationEmailQueueStore } = require(
    join(dist, 'modules/notification-emails/notification-email-queue.store.js'),
  );
  const { NotificationEmailWorker } = require(join(dist, 'modules/notification-emails/notification-email-worker.js'));
  const { UnsubscribeTokens } = require(join(dist, 'modules/notification-emails/unsubscribe-tokens.js'));
  const { NotificationEmailOptOutEntity } = require(
    join(dist, 'modules/notification-emails/entities/notification-email-opt-out.entity.js'),
  );
  /* eslint-enable @typescript-eslint/no-require-imports */
  return {
    dataSourceOptions: identityDataSourceOptions as (url: string) => DataSourceOptions,
    IdentityConfig,
    NotificationEmailQueueStore,
    NotificationEmailWorker,
    UnsubscribeTokens,
    NotificationEmailOptOutEntity,
  };
}

interface Worker {
  drain(): Promise<void>;
  onApplicationShutdown(): Promise<void>;
}

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  const identity = builtIdentity();
  const database = await createTestDatabase('bench_notification_emails');
  try {
    const options = identity.dataSourceOptions(database.url);
    await runServiceMigrations(options as Parameters<typeof runServiceMigrations>[0]);
    const dataSource = await new DataSource(options).initialize();
    await dataSource.query(
      `WITH u AS (
         INSERT INTO identity.users (username, email, password_hash)
         SELECT 'bench' || i, 'bench' || i || '@example.com', 'x' FROM generate_series(1, $1) AS i RETURNING id)
       INSERT INTO identity.notifications (user_id, kind, title, body, link, dedupe_key, email_topic, created_at)
       SELECT u.id, 'copy_opened', 'Your copy opened', 'AAPL, 3 shares', '/my-copies', 'k' || j,
              (ARRAY['copy_activity', 'trade_shared', 'trade_sold'])[j], now() - interval '1 minute'
         FROM u, generate_series(1, 3) AS j`,
      [USERS],
    );
    await dataSource.query('ANALYZE identity.notifications');
    let sent = 0;
    const mailer = { send: async () => void sent++ };
    const workerAt = (rate: number): Worker => {
      const config = loadConfig(identity.IdentityConfig, {
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        NOTIFICATION_EMAIL_RATE_PER_MINUTE: String(rate),
      });
      return new identity.NotificationEmailWorker(
        dataSource,
        new identity.NotificationEmailQueueStore(dataSource),
        new identity.UnsubscribeTokens('bench-secret-of-at-least-32-characters!!'),
        dataSource.getRepository(identity.NotificationEmailOptOutEntity),
        mailer,
        config,
      );
    };

    const paced = workerAt(RATE);
    const started = Date.now();
    void paced.drain();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    await paced.onApplicationShutdown();
    const pacedSeconds = (Date.now() - started) / 1000;
    const pacedSent = sent;
    console.log(
      `rate ${RATE}/min: ${pacedSent} e-mails in ${pacedSeconds.toFixed(1)} s = ${((pacedSent / pacedSeconds) * 60).toFixed(0)}/min;` +
        ` ${USERS} recipients would take ${(USERS / (pacedSent / pacedSeconds) / 60).toFixed(1)} min`,
    );

    const unlimited = workerAt(UNLIMITED_RATE);
    const before = Date.now();
    await unlimited.drain();
    const seconds = (Date.now() - before) / 1000;
    const rest = sent - pacedSent;
    console.log(
      `no rate limit: ${rest} e-mails (${rest * 3} notifications) in ${seconds.toFixed(1)} s = ${(rest / seconds).toFixed(0)}/s`,
    );
    const [{ left }] = await dataSource.query(
      `SELECT count(*)::int AS left FROM identity.notifications WHERE emailed_at IS NULL`,
    );
    console.log(`left waiting: ${left}`);
    await unlimited.onApplicationShutdown();
    await dataSource.destroy();
  } finally {
    await database.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
