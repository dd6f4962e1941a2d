import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnManaged, stopChild } from './managed-process';
import { isPortOpen, waitForPort } from './wait-for';

export interface RunningNats {
  url: string;
  stop(): Promise<void>;
}

export const NATS_INSTALL_HINT =
  'No NATS_URL is set and no `nats-server` was found on PATH. Install one (Debian/Ubuntu: `sudo apt-get install nats-server`; macOS: `brew install nats-server`; or a release binary from the NATS project) or set NATS_URL to a NATS server with JetStream enabled.';

export function findNatsServer(): string | undefined {
  const result = spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server 2>/dev/null'], {
    encoding: 'utf8',
  });
  const path = result.stdout.trim().split('\n')[0];
  return path || undefined;
}

/**
 * A nats-server with JetStream, its store under DATA_DIR so events survive a restart, started from a config file
 * written there; with `authorization` (renderNatsAuthorization) only the apps' users may connect.
 */
export async function startNatsServer(
  binary: string,
  dataDir: string,
  port: number,
  authorization = '',
): Promise<RunningNats> {
  const storeDir = join(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  // Another process on the port (a nats-server left behind) would pass for ours: refuse instead.
  if (await isPortOpen(port)) throw new Error(`Port ${port} (EMBEDDED_NATS_PORT) is already in use.`);
  const configFile = join(dataDir, 'nats-server.conf');
  const config = `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(storeDir)} }\n${authorization}`;
  // The passwords are in it: readable by this user only.
  writeFileSync(configFile, config, { mode: 0o600 });
  const child = spawnManaged(binary, ['-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (/\[(ERR|FTL)\]/.test(text)) process.stderr.write(`[nats] ${text}`);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nats-server exited while starting (code ${code})`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForPort(port, 15_000), exited]);
  return {
    url: `nats://127.0.0.1:${port}`,
    // SIGTERM: nats-server flushes JetStream and exits at once; SIGKILL if it has not after 5 s.
    stop: () => stopChild(child, 'SIGTERM', 5_000),
  };
}
