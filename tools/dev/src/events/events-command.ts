import { parseArgs } from 'node:util';
import { DeadLetters, SetAsideOutbox, connectNats, type DeadLetterRow } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { BACKEND_SERVICES } from '../platform/services';

export const EVENTS_USAGE = `Usage:
  npm run events -- dead-letters list [--service <name>] [--include-redriven]
  npm run events -- dead-letters redrive <id> --service <name>
  npm run events -- dead-letters redrive --all --service <name> [--consumer <durable>]
  npm run events -- outbox set-aside [--service <name>]
  npm run events -- outbox retry <id> --service <name>
  npm run events -- outbox retry --all --service <name>
Services: ${BACKEND_SERVICES.join(', ')}. Reads DATABASE_URL (and NATS_URL for redrive).`;

export interface EventsCommandIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
}

class UsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `npm run events -- …`: operator commands on the services' dead letters and set-aside outbox rows. Returns the exit code. */
export async function runEventsCommand(argv: string[], { env, out }: EventsCommandIo): Promise<number> {
  let dataSource: DataSource | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        service: { type: 'string' },
        consumer: { type: 'string' },
        all: { type: 'boolean', default: false },
        'include-redriven': { type: 'boolean', default: false },
      },
    });
    const [area, action, id] = positionals;
    const services = selectServices(values.service);
    if (!env.DATABASE_URL) throw new UsageError('DATABASE_URL is required');
    dataSource = await new DataSource({ type: 'postgres', url: env.DATABASE_URL }).initialize();
    const db = dataSource;

    if (area === 'dead-letters' && action === 'list') {
      for (const service of await migrated(db, services, out)) {
        const rows = await new DeadLetters(db, schemaOf(service)).list({ includeRedriven: values['include-redriven'] });
        out(`${service}: ${rows.length} dead letter(s)`);
        for (const row of rows) out(formatDeadLetter(row));
      }
      return 0;
    }
    if (area === 'dead-letters' && action === 'redrive') {
      const service = singleService(values.service);
      const selection = values.all ? { all: true as const, consumer: values.consumer } : { id: requireId(id) };
      if (!env.NATS_URL) throw new UsageError('NATS_URL is required to redrive');
      const nc = await connectNats(env.NATS_URL, 'events-cli', { maxReconnectAttempts: 0 });
      try {
        const rows = await new DeadLetters(db, schemaOf(service)).redrive(nc, selection);
        out(`${service}: redrove ${rows.length} dead letter(s)`);
        for (const row of rows) out(formatDeadLetter(row));
      } finally {
        await nc.drain();
      }
      return 0;
    }
    if (area === 'outbox' && action === 'set-aside') {
      for (const service of await migrated(db, services, out)) {
        const rows = await new SetAsideOutbox(db, schemaOf(service)).list();
        out(`${service}: ${rows.length} set-aside outbox event(s)`);
        for (const row of rows)
          out(
            `  ${row.id}  ${row.subject}  ${row.aggregate_id ?? '-'} v${row.aggregate_version ?? '-'}  ${row.attempts} attempts  ${row.last_error ?? ''}`,
          );
      }
      return 0;
    }
    if (area === 'outbox' && action === 'retry') {
      const service = singleService(values.service);
      const ids = await new SetAsideOutbox(db, schemaOf(service)).retry(values.all ? undefined : requireId(id));
      out(`${service}: ${ids.length} outbox event(s) handed back to the relay`);
      return 0;
    }
    throw new UsageError(`Unknown command: ${positionals.join(' ') || '(none)'}`);
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    out(`${error instanceof Error ? error.message : String(error)}${usage ? `\n${EVENTS_USAGE}` : ''}`);
    return usage ? 2 : 1;
  } finally {
    await dataSource?.destroy();
  }
}

function selectServices(service: string | undefined): string[] {
  return service === undefined ? [...BACKEND_SERVICES] : [singleService(service)];
}

function singleService(service: string | undefined): string {
  if (!service) throw new UsageError('--service is required');
  if (!(BACKEND_SERVICES as readonly string[]).includes(service)) throw new UsageError(`Unknown service: ${service}`);
  return service;
}

function requireId(id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new UsageError('Give a dead letter / outbox id (a uuid) or --all');
  return id;
}

/** The services whose schema has the messaging tables (a listing of all services skips one not migrated yet). */
async function migrated(db: DataSource, services: string[], out: (line: string) => void): Promise<string[]> {
  const present: string[] = [];
  for (const service of services) {
    const [row] = await db.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [`${schemaOf(service)}.dead_letter`]);
    if (row.present) present.push(service);
    else out(`${service}: no messaging tables (not migrated)`);
  }
  return present;
}

/** Each service keeps its messaging tables in its own schema, named after it. */
function schemaOf(service: string): string {
  return service.replace(/-/g, '_');
}

function formatDeadLetter(row: DeadLetterRow): string {
  const redriven = row.redriven_at ? `  redriven ${row.redriven_at.toISOString()}` : '';
  return `  ${row.id}  ${row.consumer}  ${row.subject} #${row.stream_sequence ?? '-'}  event ${row.event_id ?? '-'}  ${row.deliveries} deliveries  ${row.created_at.toISOString()}${redriven}\n    ${row.error}`;
}
