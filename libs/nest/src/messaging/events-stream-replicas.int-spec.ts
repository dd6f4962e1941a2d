// Decorator metadata (env string → number) is recorded only when the Reflect API is loaded first, as in the apps.
import 'reflect-metadata';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { ProcessConfig } from '../config/base-service.config';
import { loadConfig } from '../config/load-config';
import { connectNats, ensureEventsStream } from './jetstream-connection';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
let nc: NatsConnection;
const suffix = randomUUID().slice(0, 8);
const stream = `TEST_REPLICAS_${suffix}`;

beforeAll(async () => {
  nc = await connectNats(natsUrl, `replicas-test-${suffix}`);
});

afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  await nc.close();
});

describe('events stream replicas (JETSTREAM_REPLICAS)', () => {
  it('defaults to 1 and reads a cluster size from the environment', () => {
    expect(loadConfig(ProcessConfig, {}).JETSTREAM_REPLICAS).toBe(1);
    expect(loadConfig(ProcessConfig, { JETSTREAM_REPLICAS: '3' }).JETSTREAM_REPLICAS).toBe(3);
    expect(() => loadConfig(ProcessConfig, { JETSTREAM_REPLICAS: '0' })).toThrow('Invalid configuration');
  });

  it('creates the stream with the configured replica count', async () => {
    const info = await ensureEventsStream(nc, { stream, subjects: [`test-replicas-${suffix}.>`], replicas: 1 });
    expect(info.config.num_replicas).toBe(1);
  });

  it('asks the server for every replica it is configured with (a single server refuses 3)', async () => {
    await expect(
      ensureEventsStream(nc, { stream: `${stream}_R3`, subjects: [`test-replicas-r3-${suffix}.>`], replicas: 3 }),
    ).rejects.toThrow(/replicas/i);
  });
});
