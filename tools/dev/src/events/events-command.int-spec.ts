import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import {
  connectNats,
  createMessagingTables,
  ensureEventsStream,
  REDRIVE_FOR_HEADER,
  upgradeMessagingTablesForOrdering,
} from '@copytrade/nest';
import { createTestDatabase, natsUrl, uniqueSuffix, type TestDatabase } from '@copytrade/testing';
import { runEventsCommand } from './events-command';

jest.setTimeout(30_000);

describe('npm run events', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let nc: NatsConnection;
  let nats: string;
  const suffix = uniqueSuffix();
  const stream = `TEST_EVENTS_CLI_${suffix}`;
  const subject = `test-${suffix}.thing.happened.v1`;

  beforeAll(async () => {
    database = await createTestDatabase('events_cli');
    dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    const queryRunner = dataSource.createQueryRunner();
    try {
      for (const schema of ['identity', 'copy_engine']) {
        await createMessagingTables(queryRunner, schema);
        await upgradeMessagingTablesForOrdering(queryRunner, schema);
      }
    } finally {
      await queryRunner.release();
    }
    nats = await natsUrl();
    nc = await connectNats(nats, `events-cli-test-${suffix}`);
    await ensureEventsStream(nc, { stream, subjects: [`test-${suffix}.>`] });
  });

  afterAll(async () => {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
    await nc?.drain();
    await dataSource?.destroy();
    await database?.drop();
  });

  async function run(...argv: string[]): Promise<{ code: number; output: string }> {
    const lines: string[] = [];
    const code = await runEventsCommand(argv, {
      env: { DATABASE_URL: database.url, NATS_URL: nats },
      out: (line) => lines.push(line),
    });
    return { code, output: lines.join('\n') };
  }

  async function deadLetter(schema: string, consumer: string): Promise<string> {
    const eventId = randomUUID();
    const [row] = await dataSource.query(
      `INSERT INTO ${schema}.dead_letter (consumer, event_id, subject, stream_sequence, payload, error, deliveries)
       VALUES ($1, $2, $3, 7, $4, 'handler exploded', 10) RETURNING id`,
      [consumer, eventId, subject, JSON.stringify({ id: eventId })],
    );
    return row.id;
  }

  it('lists-dead-letters-per-service-and-redrives-one-to-its-consumer', async () => {
    const id = await deadLetter('copy_engine', 'copy-engine-trades');

    const all = await run('dead-letters', 'list');
    expect(all.code).toBe(0);
    expect(all.output).toContain('identity: 0 dead letter(s)');
    expect(all.output).toContain('copy-engine: 1 dead letter(s)');
    expect(all.output).toContain(id);
    expect(all.output).toContain('handler exploded');
    expect((await run('dead-letters', 'list', '--service', 'identity')).output).not.toContain(id);

    const redrive = await run('dead-letters', 'redrive', id, '--service', 'copy-engine');
    expect(redrive).toMatchObject({ code: 0, output: expect.stringContaining('redrove 1 dead letter(s)') });
    const stored = await (await jetstreamManager(nc)).streams.getMessage(stream, { last_by_subj: subject });
    expect(stored?.header.get(REDRIVE_FOR_HEADER)).toBe('copy-engine-trades');
    expect(stored?.header.get('Nats-Msg-Id')).toBe(`redrive-${id}`);
    const [row] = await dataSource.query(`SELECT redriven_at FROM copy_engine.dead_letter WHERE id = $1`, [id]);
    expect(row.redriven_at).toBeInstanceOf(Date);
    expect((await run('dead-letters', 'list', '--service', 'copy-engine')).output).toContain('0 dead letter(s)');
  });

  it('redrive-all-sends-every-pending-dead-letter-of-the-service', async () => {
    await deadLetter('identity', 'identity-a');
    await deadLetter('identity', 'identity-b');
    expect(await run('dead-letters', 'redrive', '--all', '--service', 'identity')).toMatchObject({
      code: 0,
      output: expect.stringContaining('redrove 2 dead letter(s)'),
    });
  });

  it('outbox-retry-hands-set-aside-rows-back-to-the-relay', async () => {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO identity.outbox (id, subject, envelope, attempts, last_error, set_aside_at)
       VALUES ($1, $2, '{}', 10, 'no stream', now())`,
      [id, subject],
    );
    expect((await run('outbox', 'set-aside', '--service', 'identity')).output).toContain(id);
    expect(await run('outbox', 'retry', id, '--service', 'identity')).toMatchObject({
      code: 0,
      output: expect.stringContaining('1 outbox event(s) handed back'),
    });
    const [row] = await dataSource.query(`SELECT attempts, set_aside_at FROM identity.outbox WHERE id = $1`, [id]);
    expect(row).toEqual({ attempts: 0, set_aside_at: null });
  });

  it('refuses-a-redrive-without-a-service-or-with-an-unknown-one', async () => {
    expect(await run('dead-letters', 'redrive', '--all')).toMatchObject({
      code: 2,
      output: expect.stringContaining('--service is required'),
    });
    expect(await run('dead-letters', 'list', '--service', 'nope')).toMatchObject({
      code: 2,
      output: expect.stringContaining('Unknown service: nope'),
    });
  });
});
