import { connect } from 'node:net';

/** Whether something accepts TCP connections on the port. */
export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ port, host }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<void> {
  await waitUntil(() => isPortOpen(port, host), timeoutMs, `port ${port}`);
}

export async function waitForHttpOk(url: string, timeoutMs: number): Promise<void> {
  await waitUntil(
    () =>
      fetch(url).then(
        (response) => response.ok,
        () => false,
      ),
    timeoutMs,
    url,
  );
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}
