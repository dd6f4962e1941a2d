import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from 'pg';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) used so far by each process, labelled by what it runs. */
export type CpuSnapshot = Map<number, { label: string; seconds: number }>;

/**
 * The CPU time of the product's processes (this process's descendants: the apps and the nats-server) and of the
 * PostgreSQL backends serving its database. Unlike wall time it barely moves when other work shares the machine, so
 * two variants of a run compare by it even on a busy machine. Linux only (/proc).
 */
export async function cpuSnapshot(db: Client): Promise<CpuSnapshot> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const snapshot: CpuSnapshot = new Map();
  for (const pid of [...descendantsOf(process.pid), ...rows.map((row) => row.pid)]) {
    const seconds = cpuSecondsOf(pid);
    if (seconds !== null) snapshot.set(pid, { label: labelOf(pid), seconds });
  }
  return snapshot;
}

/** The CPU seconds each label used between two snapshots (processes in both), largest first. */
export function cpuUsedBetween(before: CpuSnapshot, after: CpuSnapshot): Array<[string, number]> {
  const used = new Map<string, number>();
  for (const [pid, { label, seconds }] of after) {
    const start = before.get(pid)?.seconds;
    if (start !== undefined) used.set(label, (used.get(label) ?? 0) + seconds - start);
  }
  return [...used].sort((a, b) => b[1] - a[1]);
}

function statFieldsOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: state is field 3, ppid 4, utime 14, stime 15.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // exited meanwhile
  }
}

function cpuSecondsOf(pid: number): number | null {
  const fields = statFieldsOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : null;
}

function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = Number(statFieldsOf(pid)?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** A short label: the app a node process runs (apps/<name>/), nats-server, or postgres. */
function labelOf(pid: number): string {
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'gone';
  }
  const app = /apps\/([a-z-]+)\//.exec(command)?.[1];
  if (app) return app;
  if (command.includes('nats-server')) return 'nats-server';
  if (command.startsWith('postgres')) return 'postgres backends';
  return command.split(' ')[0]!.split('/').pop() ?? 'other';
}
