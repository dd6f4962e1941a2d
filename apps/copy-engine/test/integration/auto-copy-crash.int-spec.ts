import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CopyOpened, type CopyOpenedV1, type EventEnvelope } from '@copytrade/contracts';
import { devActorVerificationGuard, natsRpcServerOptions } from '@copytrade/nest';
import {
  createTestDatabase,
  expectEventually,
  freePortBlock,
  startPrivateNats,
  type PrivateNats,
  type TestDatabase,
} from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { AutoCopyStandInsModule, publishTradeShared, sharedTrade, world } from '../support/auto-copy-world';
import { runCopyEngineMigrations } from '../support/copy-engine-migrations';
import { toCopyInstanceView } from '../../src/modules/copies/copy-instance.mapper';
import { COLUMNS, TABLE, type CopyRecord } from '../../src/modules/copies/copy-instances.store';

/**
 * The copy engine killed (SIGKILL) at random points of a 1,000-follower automatic fan-out and started again, ten
 * times: the real engine in a process of its own (its sources, test/support/run-copy-engine.js), on real PostgreSQL
 * and a private nats-server, with the brokerage stand-in in this process (idempotent per (user, request id) and
 * counting the orders it really placed, so it outlives the kills). Batches are small and each answer is held a
 * little, so kills land in the fan-out's transaction, between a batch's placement and its settlement, and in the
 * settlement. Then: every follower has exactly one copy and exactly one order, every copy is OPEN (nothing PENDING),
 * and each has exactly one CopyOpened — and each receipt has its brokerage order's fill price and execution time
 * (dated well before the answer, as a fill the engine learns of only after a restart is), so its delay is the
 * brokerage's fill time − the trader's share time, never when the engine learned of the fill.
 */
jest.setTimeout(300_000);

const FOLLOWERS = 1_000;
const KILLS = 10;
const RUNNER = resolve(__dirname, '../support/run-copy-engine.js');
const REPO_ROOT = resolve(__dirname, '../../../..');

let database: TestDatabase;
let nats: PrivateNats;
let standIns: INestMicroservice;
let dataSource: DataSource;
let nc: NatsConnection;

beforeAll(async () => {
  database = await createTestDatabase('copy_engine_auto_copy_crash');
  await runCopyEngineMigrations(database.url);
  nats = await startPrivateNats();
  standIns = await NestFactory.createMicroservice(AutoCopyStandInsModule, {
    ...natsRpcServerOptions(nats.url, 'stand-ins'),
    logger: false,
  });
  standIns.useGlobalGuards(devActorVerificationGuard());
  await standIns.listen();
  dataSource = new DataSource({ type: 'postgres', url: database.url });
  await dataSource.initialize();
  nc = await connect({ servers: nats.url });
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await dataSource?.destroy();
  await standIns?.close();
  await nats?.stop();
  await database?.drop();
});

interface Engine {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** Starts the engine and waits until it answers ready (database and NATS reachable, consumers started). */
async function startEngine(): Promise<Engine> {
  const healthPort = await freePortBlock(1);
  const child = spawn(process.execPath, [RUNNER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      HEALTH_PORT: String(healthPort),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      COPY_SWEEP_INTERVAL_MS: '500',
      COPY_BROKERAGE_LEASE_MS: '1500',
      AUTO_COPY_BATCH_SIZE: '20',
      AUTO_COPY_WORKERS: '2',
      AUTO_COPY_LEASE_MS: '1500',
      AUTO_COPY_BATCH_TIMEOUT_MS: '1000',
      AUTO_COPY_RETRY_MS: '100',
      AUTO_COPY_POLL_MS: '100',
      AUTO_COPY_FANOUT_ACK_WAIT_MS: '2000',
    },
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the copy engine exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the copy engine did not become ready');
    const ready = await fetch(`http://127.0.0.1:${healthPort}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, exited };
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

async function kill(engine: Engine): Promise<void> {
  engine.child.kill('SIGKILL');
  await engine.exited;
}

const state = async () =>
  (
    (await dataSource.query(
      `SELECT count(*)::int AS copies, count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
              count(*) FILTER (WHERE status = 'OPEN')::int AS open
         FROM copy_engine.copy_instances`,
    )) as Array<{ copies: number; pending: number; open: number }>
  )[0]!;

it('ten-SIGKILLs-at-random-points-of-a-1000-follower-fan-out: one copy and one order each, nothing PENDING', async () => {
  const followers = Array.from({ length: FOLLOWERS }, () => randomUUID());
  await dataSource.query(
    `INSERT INTO copy_engine.follower_settings (user_id, copy_trading_enabled, default_copy_amount, changed_at)
     SELECT id, true, 1000, now() FROM unnest($1::uuid[]) AS ids(id)`,
    [followers],
  );
  world.reset();
  world.batchDelayMs = 100; // each batch is placed at once, answered 100 ms later: a kill may fall in between
  world.executedAgoMs = 37_000; // the brokerage's record of each fill, dated well before the engine hears of it
  const trade = sharedTrade(followers);

  const progress: string[] = [];
  let midWork = 0;
  let engine = await startEngine();
  await publishTradeShared(nc, trade);
  for (let kill_ = 0; kill_ < KILLS; kill_ += 1) {
    // The first kills come early (inside the fan-out's transaction), later ones anywhere in the placement.
    const delay = kill_ < 2 ? Math.random() * 150 : 150 + Math.random() * 350;
    await new Promise((resolveWait) => setTimeout(resolveWait, delay));
    await kill(engine);
    const now = await state();
    if (now.open < FOLLOWERS) midWork += 1;
    progress.push(`kill ${kill_ + 1} after ${Math.round(delay)} ms: ${now.copies} copies, ${now.open} open`);
    engine = await startEngine();
  }
  try {
    await expectEventually(
      async () => expect(await state()).toEqual({ copies: FOLLOWERS, pending: 0, open: FOLLOWERS }),
      { timeoutMs: 120_000, intervalMs: 250 },
    );
  } finally {
    await kill(engine);
    process.stdout.write(`${progress.join('\n')}\norders asked for again after a kill (replayed): ${world.replays}\n`);
  }

  // The kills fell while there was work left (not after the fan-out had finished), some between a batch's
  // placement and its settlement: those orders were asked for again and answered as the first ones.
  expect(midWork).toBeGreaterThanOrEqual(6);
  expect(world.replays).toBeGreaterThan(0);

  const perFollower = (await dataSource.query(
    `SELECT user_id::text AS "userId", count(*)::int AS copies FROM copy_engine.copy_instances
      WHERE original_trade_id = $1 GROUP BY user_id`,
    [trade.id],
  )) as Array<{ userId: string; copies: number }>;
  expect(perFollower).toHaveLength(FOLLOWERS);
  expect(perFollower.filter((row) => row.copies !== 1)).toEqual([]);
  for (const userId of followers) {
    const orders = [...world.placed.entries()].filter(([key]) => key.startsWith(`${userId}:`));
    expect(orders.map(([, count]) => count)).toEqual([1]);
  }
  const [{ events, copies }] = (await dataSource.query(
    `SELECT count(*)::int AS events, count(DISTINCT aggregate_id)::int AS copies FROM copy_engine.outbox
      WHERE subject = $1`,
    [CopyOpened.subject],
  )) as Array<{ events: number; copies: number }>;
  expect({ events, copies }).toEqual({ events: FOLLOWERS, copies: FOLLOWERS });

  // Each receipt: its brokerage order's fill price and execution time, the delay from the share to that time — for
  // the copies settled after a restart too; CopyOpened says the same time.
  const records = (await dataSource.query(`SELECT ${COLUMNS} FROM ${TABLE} WHERE original_trade_id = $1`, [
    trade.id,
  ])) as CopyRecord[];
  const openedAt = new Map(
    (
      (await dataSource.query(`SELECT envelope FROM copy_engine.outbox WHERE subject = $1`, [
        CopyOpened.subject,
      ])) as Array<{ envelope: EventEnvelope<CopyOpenedV1> }>
    ).map(({ envelope }) => [envelope.data.copyId, envelope.data.openedAt]),
  );
  const wrong = records.flatMap((record) => {
    const order = world.orders.get(`${record.userId}:${record.requestId}`)!;
    const { receipt } = toCopyInstanceView(record);
    const expected = {
      fillPrice: order.executionPrice,
      filledAt: order.filledAt,
      delaySeconds: Math.round((Date.parse(order.filledAt!) - Date.parse(trade.sharedAt!)) / 10) / 100,
      openedAt: order.filledAt,
    };
    const actual = {
      fillPrice: receipt.fillPrice,
      filledAt: receipt.filledAt,
      delaySeconds: receipt.delaySeconds,
      openedAt: openedAt.get(record.id),
    };
    return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ copyId: record.id, expected, actual }];
  });
  expect(records).toHaveLength(FOLLOWERS);
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(wrong).toHaveLength(0);
});
