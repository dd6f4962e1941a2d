import { randomUUID } from 'node:crypto';
import { DiscardPolicy, jetstreamManager, StorageType } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { natsUrl } from '@copytrade/testing';
import { connectNats, EVENTS_DEFAULT_MAX_BYTES, ensureEventsStream } from './jetstream-connection';

// The root config's per-project testTimeout is not applied by Jest; integration suites set their own.
jest.setTimeout(30_000);

describe('events stream size bound', () => {
  let nc: NatsConnection;
  const suffix = randomUUID().slice(0, 8);
  const created = `TEST_LIMITS_NEW_${suffix}`;
  const existing = `TEST_LIMITS_OLD_${suffix}`;

  beforeAll(async () => {
    nc = await connectNats(await natsUrl(), `stream-limits-${suffix}`);
  });

  afterAll(async () => {
    const jsm = await jetstreamManager(nc);
    for (const stream of [created, existing]) await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  });

  it('a-new-stream-is-bounded-to-1-GiB-and-discards-new-events-when-full', async () => {
    const info = await ensureEventsStream(nc, { stream: created, subjects: [`limits-new-${suffix}.>`] });
    expect(info.config).toMatchObject({ max_bytes: EVENTS_DEFAULT_MAX_BYTES, discard: DiscardPolicy.New });
    expect(EVENTS_DEFAULT_MAX_BYTES).toBe(1024 ** 3);
  });

  it('an-existing-unbounded-stream-that-discarded-old-events-is-brought-to-the-configured-bound', async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({
      name: existing,
      subjects: [`limits-old-${suffix}.>`],
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
    });
    const info = await ensureEventsStream(nc, {
      stream: existing,
      subjects: [`limits-old-${suffix}.>`],
      maxBytes: 64 * 1024 * 1024,
    });
    expect(info.config).toMatchObject({ max_bytes: 64 * 1024 * 1024, discard: DiscardPolicy.New });
  });
});
