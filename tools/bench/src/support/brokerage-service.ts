import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClientProxyFactory } from '@nestjs/microservices';
import {
  batchOf,
  BrokerageRpc,
  type PlaceOrderBatchOrder,
  type PlaceOrderBatchRpcReply,
  type PlaceOrderBatchRpcRequest,
} from '@copytrade/contracts';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { createTestDatabase, freePortBlock, natsUrl, type TestDatabase } from '@copytrade/testing';
import { Client } from 'pg';

const repoRoot = join(__dirname, '..', '..', '..', '..');
const entry = (file: string) => join(repoRoot, 'apps', 'brokerage', 'dist', file);

/** The built brokerage service (apps/brokerage/dist) as `replicas` processes on one fresh database, and an RPC client. */
export interface BrokerageBench {
  databaseUrl: string;
  db: Client;
  placeBatch(orders: PlaceOrderBatchOrder[]): Promise<PlaceOrderBatchRpcReply>;
  stop(): Promise<void>;
}

/**
 * A start that fails part-way (no NATS, a migration or a replica failing) stops the replicas it started and drops the
 * database before it throws: a bench that cannot run leaves nothing behind.
 */
export async function startBrokerageBench(
  name: string,
  replicas: number,
  env: Record<string, string> = {},
): Promise<BrokerageBench> {
  const database: TestDatabase = await createTestDatabase(name);
  const children: ChildProcess[] = [];
  const stopChildren = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined)),
    );
  };
  try {
    const nats = await natsUrl();
    const baseEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      NATS_URL: nats,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    };
    const migrate = spawn(process.execPath, [entry('database/migrate.js')], { env: baseEnv, stdio: 'inherit' });
    const [code] = (await once(migrate, 'exit')) as [number];
    if (code !== 0) throw new Error(`brokerage migrations exited with ${code}`);
    const port = await freePortBlock(replicas);
    for (let index = 0; index < replicas; index += 1)
      children.push(
        // BENCH_NODE_ARGS: flags for the service's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
        spawn(
          process.execPath,
          [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), entry('main.js')],
          {
            env: { ...baseEnv, HEALTH_PORT: String(port + index) },
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        ),
      );
    for (let index = 0; index < replicas; index += 1) await ready(port + index);
    const proxy = ClientProxyFactory.create(natsRpcClientOptions(nats, 'bench'));
    await proxy.connect();
    const rpc = new RpcClient(proxy);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    return {
      databaseUrl: database.url,
      db,
      placeBatch: (orders) =>
        rpc.request<PlaceOrderBatchRpcRequest, PlaceOrderBatchRpcReply>(
          BrokerageRpc.placeOrderBatch,
          batchOf(orders),
          { requestId: `bench-${randomUUID()}` },
          60_000,
        ),
      stop: async () => {
        await proxy.close();
        await db.end();
        await stopChildren();
        await database.drop();
      },
    };
  } catch (error) {
    await stopChildren();
    await database.drop();
    throw error;
  }
}

async function ready(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`brokerage on health port ${port} not ready`);
}

/** `count` items per call of `work`, `concurrency` calls at a time; answers each call's duration (ms). */
export async function inWaves<T>(
  items: T[],
  size: number,
  concurrency: number,
  work: (chunk: T[]) => Promise<unknown>,
) {
  const chunks = Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
  const durations: number[] = [];
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      const startedAt = performance.now();
      await work(chunk);
      durations.push(performance.now() - startedAt);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return durations;
}
