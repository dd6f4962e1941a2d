import { createServer } from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive free ports (the platform puts the services' probes right after the gateway's port), below
 * Linux's ephemeral range (32768+): a port there can be taken by any outgoing connection between this check and
 * the service's listen.
 */
export async function freePortBlock(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 10_000 + Math.floor(Math.random() * (32_000 - 10_000 - count));
    const ports = Array.from({ length: count }, (_, index) => base + index);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error('No block of free ports found');
}
