/**
 * Signed-in hot reads against a bare Express endpoint in the same run, at 100 concurrent connections
 * (autocannon): `GET /api/verify-token` and the brokerage account list of a connected paper user. Prints
 * req/s, p50/p99 and each read's throughput as a fraction of the bare endpoint's (goal: ≥ 0.5, p99 ≤ 50 ms).
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/hot-reads.bench.ts [seconds=10] [connections=100]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { connectedDemo, freePort, startBenchProduct } from './support/product';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 100);

/** The baseline: Express in its own process answering a small JSON body, nothing else. */
async function startBareExpress(port: number): Promise<ChildProcess> {
  const source = `const app = require('express')(); app.disable('x-powered-by');
    app.get('/bare', (_req, res) => res.json({ success: true, user: { id: 'bare' } }));
    app.listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return child;
}

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(label: string, url: string, cookie?: string): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: cookie ? { cookie } : {},
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const product = await startBenchProduct('bench_hot_reads');
  const barePort = await freePort();
  const bare = await startBareExpress(barePort);
  try {
    const base = product.platform.url;
    const { session, userId } = await connectedDemo(base);
    const probe = await session.call('GET', `/api/snaptrade/accounts/${userId}`);
    if (probe.status !== 200 || !probe.json.accounts?.length) throw new Error('the demo user has no paper account');
    const cookie = session.cookieHeader;
    const targets: Array<[string, string, string?]> = [
      ['bare Express GET /bare', `http://127.0.0.1:${barePort}/bare`],
      ['GET /api/verify-token', `${base}/api/verify-token`, cookie],
      ['GET /api/snaptrade/accounts/:id', `${base}/api/snaptrade/accounts/${userId}`, cookie],
    ];
    // A short warm-up of each (JIT, connection pools, caches), then the measured runs.
    for (const [, url, withCookie] of targets)
      await autocannon({ url, connections: 10, duration: 2, headers: withCookie ? { cookie: withCookie } : {} });
    const figures: Figures[] = [];
    for (const [label, url, withCookie] of targets) figures.push(await load(label, url, withCookie));

    const bareRps = figures[0]!.rps;
    console.log(`\nHot reads: ${CONNECTIONS} connections, ${SECONDS} s each (autocannon)`);
    for (const f of figures) {
      console.log(
        `${f.label.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ratio ${(f.rps / bareRps).toFixed(2)}  failures ${f.failures}`,
      );
    }
    const failed = figures.filter((f) => f.failures > 0);
    if (failed.length) throw new Error(`non-2xx answers or errors in: ${failed.map((f) => f.label).join(', ')}`);
  } finally {
    bare.kill();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
