import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortBlock } from '@copytrade/testing';

/**
 * `npm start` (after its build step) with embedded PostgreSQL and nats-server, stopped the way a terminal's
 * Ctrl-C stops it: SIGINT to its whole process group at once. Every process it started must be gone, in
 * order, quickly, with no error logged, and every port free — twice, the second start reusing the data.
 */
const repoRoot = join(__dirname, '..', '..', '..');
const STOP_WITHIN_MS = 30_000;
const ERROR_LINE = /"level":(50|60)\b|\b(ERROR|FATAL|PANIC)\b|\[(ERR|FTL)\]/;

/** The `start` script of package.json without its build step: what runs once the build is done. */
function startCommand(): string {
  const script = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const command = script.replace(/^.*? && (?=exec )/, '');
  expect(command).not.toBe(script);
  return command;
}

/** Processes whose command line names the data dir or whose environment carries the run's marker. */
function leftoverProcesses(dataDir: string, marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    if (Number(pid) === process.pid) continue;
    const read = (file: string) => {
      try {
        return readFileSync(`/proc/${pid}/${file}`, 'utf8');
      } catch {
        return '';
      }
    };
    const cmdline = read('cmdline').replace(/\0/g, ' ');
    if (cmdline.includes(dataDir) || read('environ').includes(marker)) found.push(`${pid} ${cmdline}`);
  }
  return found;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const check = () => {
      if (condition()) return resolve(true);
      if (Date.now() > deadline) return resolve(false);
      setTimeout(check, 100);
    };
    check();
  });
}

describe('npm start stopped with Ctrl-C', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'copytrade-ctrl-c-'));
  // The embedded PostgreSQL runs as the `postgres` user when the tests run as root: it must reach its folder.
  chmodSync(dataDir, 0o755);
  const marker = `COPYTRADE_CTRL_C_${randomUUID()}`;
  let starter: ChildProcess | undefined;

  afterAll(() => {
    if (starter?.pid && starter.exitCode === null) process.kill(-starter.pid, 'SIGKILL');
    for (const line of leftoverProcesses(dataDir, marker)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([['first start'], ['second start, same data']])(
    '%s: every process stops, in order, with no error',
    async () => {
      const port = await freePortBlock(8);
      const ports = Array.from({ length: 8 }, (_, index) => port + index);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(port + 6),
        EMBEDDED_NATS_PORT: String(port + 7),
        DATA_DIR: dataDir,
        [marker]: '1',
      };
      // Embedded PostgreSQL and nats-server, development mode and default logging, as a developer gets them.
      for (const name of ['DATABASE_URL', 'NATS_URL', 'NODE_ENV', 'LOG_LEVEL', 'LOG_FORMAT']) delete env[name];

      let output = '';
      starter = spawn('sh', ['-c', startCommand()], {
        cwd: repoRoot,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      starter.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      starter.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => starter?.once('exit', (code) => resolve(code)));

      const started = await waitFor(
        () => output.includes('Press Ctrl-C to stop.') || starter?.exitCode !== null,
        120_000,
      );
      expect({ started, output: output.slice(-3000) }).toMatchObject({ started: true });
      expect(output).toContain(`CopyTrade is running at http://localhost:${port}`);

      const signalledAt = Date.now();
      process.kill(-starter.pid!, 'SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), STOP_WITHIN_MS))),
      ]);
      clearTimeout(timer);
      const tookMs = Date.now() - signalledAt;

      expect({ code, output: output.slice(-3000) }).toMatchObject({ code: 0 });
      expect(tookMs).toBeLessThan(STOP_WITHIN_MS);
      const stages = [
        'Stopping gateway...',
        'Stopping services...',
        'Stopping NATS...',
        'Stopping PostgreSQL...',
        'Stopped.',
      ];
      const positions = stages.map((stage) => output.indexOf(stage));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(leftoverProcesses(dataDir, marker)).toEqual([]);
      expect(await Promise.all(ports.map(isFree))).toEqual(ports.map(() => true));
      expect(output.split('\n').filter((line) => ERROR_LINE.test(line))).toEqual([]);
    },
    180_000,
  );
});
