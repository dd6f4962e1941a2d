import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The backend services in start order; the gateway comes last. */
export const BACKEND_SERVICES = ['identity', 'admin', 'traces', 'brokerage', 'copy-engine'] as const;

export const repoRoot = join(__dirname, '..', '..', '..', '..');

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
}

/**
 * Runs one app's compiled entry point as its own process. Its log lines go to the terminal prefixed with
 * its name, or, with `logDir` (tests), to `<logDir>/<name>.log` so a failing run can be read afterwards.
 */
export function spawnApp(name: string, entry: string, env: NodeJS.ProcessEnv, logDir?: string): ServiceProcess {
  // Its own process group: Ctrl-C reaches only `npm start`, which then stops the services before the
  // infrastructure they use, instead of every process dying at once.
  const child = spawn(process.execPath, [join(repoRoot, 'apps', name, 'dist', entry)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  killOnExit(child);
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  } else {
    const relay = (stream: NodeJS.ReadableStream | null, target: NodeJS.WriteStream) =>
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line) target.write(`[${name}] ${line}\n`);
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

export async function stopProcesses(processes: ServiceProcess[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Last resort if `npm start` itself dies without stopping its children: never leave them running. */
function killOnExit(child: ChildProcess): void {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  child.once('exit', () => process.removeListener('exit', kill));
}
