import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortBlock } from './free-ports';
import { natsUrl } from './test-infrastructure';

export interface PrivateNats {
  url: string;
  stop(): Promise<void>;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * A nats-server (JetStream on, its store in a temporary folder) for one suite, when `nats-server` is on PATH;
 * otherwise the shared one (NATS_URL or the container). For suites that run a service's request/reply handlers
 * (or a stand-in for them): on a shared server another suite's replica, in the same queue group, could answer
 * their requests, or they its.
 */
export async function startPrivateNats(): Promise<PrivateNats> {
  const binary = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
  if (!binary) return { url: await natsUrl(), stop: async () => undefined };
  const storeDir = mkdtempSync(join(tmpdir(), 'private-nats-'));
  const port = await freePortBlock(1);
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  const deadline = Date.now() + 15_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
