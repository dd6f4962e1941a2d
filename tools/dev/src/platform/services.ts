import { type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnManaged, stopChild } from './managed-process';

/** The backend services in start order; the gateway comes last. */
export const BACKEND_SERVICES = ['identity', 'admin', 'traces', 'brokerage', 'copy-engine'] as const;

export const repoRoot = join(__dirname, '..', '..', '..', '..');

/** How long a service may take to stop on SIGTERM (drain NATS, flush its outbox, close its pool) before SIGKILL. */
export const SERVICE_STOP_GRACE_MS = 15_000;

/**
 * V8 flags per app (the gateway's image runs with the same). The gateway answers thousands of small requests a
 * second, each leaving short-lived garbage; with V8's default 16 MiB young generation it spent 13–16 % of its time
 * in scavenges under 100 polling clients, and a larger one needs fewer of them (a few MiB more memory).
 */
export const NODE_FLAGS: Readonly<Record<string, readonly string[]>> = { gateway: ['--max-semi-space-size=32'] };

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
}

/**
 * Runs one app's compiled entry point as its own process (own process group: see spawnManaged). Its log
 * lines go to the terminal prefixed with its name, or, with `logDir` (tests), to `<logDir>/<name>.log` so a
 * failing run can be read afterwards.
 */
export function spawnApp(name: string, entry: string, env: NodeJS.ProcessEnv, logDir?: string): ServiceProcess {
  const child = spawnManaged(
    process.execPath,
    [...(NODE_FLAGS[name] ?? []), join(repoRoot, 'apps', name, 'dist', entry)],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  } else {
    // Whole lines (a chunk may end mid-line), each prefixed with the app's name.
    const relay = (stream: NodeJS.ReadableStream | null, target: NodeJS.WriteStream) =>
      stream &&
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        if (line) target.write(`[${name}] ${line}\n`);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
  }
  return { name, child };
}

export function runToCompletion(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const { child } = spawnApp(name, entry, env);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} ${entry} exited with ${code}`))));
  });
}

/** SIGTERM to every process at once (Nest's shutdown hooks), SIGKILL for any still running after `graceMs`. */
export async function stopProcesses(processes: ServiceProcess[], graceMs = SERVICE_STOP_GRACE_MS): Promise<void> {
  await Promise.all(processes.map(({ child }) => stopChild(child, 'SIGTERM', graceMs)));
}
