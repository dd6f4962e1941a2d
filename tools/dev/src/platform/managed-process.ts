import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * A child of `npm start` in its own process group: a terminal's Ctrl-C (SIGINT to the whole foreground
 * group) reaches only the starter, which alone decides the order in which its children stop.
 */
export function spawnManaged(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  killOnExit(child);
  return child;
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Stops one child: `signal` (its own graceful shutdown), then SIGKILL to its whole group when it is still
 * running after `graceMs`. Resolves once it has exited (or, after SIGKILL, at most 5 s later).
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, signal);
  if (await settlesWithin(exited, graceMs)) return;
  signalGroup(child, 'SIGKILL');
  await settlesWithin(exited, 5_000);
}

/** Sends `signal` to the child's process group (its own helpers too, e.g. PostgreSQL's backends). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid || !isRunning(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Last resort when the starter exits without stopping a child (a crash, process.exit): never leave it behind. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => signalGroup(child, 'SIGKILL')));

function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}
