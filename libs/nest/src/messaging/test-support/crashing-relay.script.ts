/**
 * Child-process entry point for the relay crash test (run with `node --import tsx`). It relays one batch
 * and, when CRASH_AFTER_PUBLISH=1, SIGKILLs itself right after the first PubAck, before the batch's
 * `published_at` update commits (its claim's lease, LEASE_MS, is left to expire). Configuration comes from the parent test through the environment.
 */
import { connect } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { OutboxRelay } from '../outbox-relay';
import { SilentLogger } from './silent-logger';

async function main(): Promise<void> {
  const { DATABASE_URL, NATS_URL, OUTBOX_SCHEMA, CRASH_AFTER_PUBLISH, LEASE_MS } = process.env;
  if (!DATABASE_URL || !NATS_URL || !OUTBOX_SCHEMA)
    throw new Error('DATABASE_URL, NATS_URL and OUTBOX_SCHEMA are required');
  const dataSource = new DataSource({ type: 'postgres', url: DATABASE_URL });
  await dataSource.initialize();
  const nc = await connect({ servers: NATS_URL, name: 'crashing-relay' });
  const relay = new OutboxRelay(dataSource, nc, {
    schema: OUTBOX_SCHEMA,
    leaseMs: LEASE_MS ? Number(LEASE_MS) : undefined,
    logger: new SilentLogger(),
    hooks: {
      afterPublish: (row) => {
        if (CRASH_AFTER_PUBLISH !== '1') return;
        process.stdout.write(`published ${row.id}; crashing before the mark commits\n`);
        process.kill(process.pid, 'SIGKILL');
      },
    },
  });
  const published = await relay.relayOnce();
  process.stdout.write(`relayed ${published}\n`);
  await nc.drain();
  await dataSource.destroy();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
