/**
 * Another user's latency while POST /api/webhooks/snaptrade is flooded with unsigned 95 kB posts (50 at a time):
 * a signed-in user's `GET /api/verify-token` (a cheap authenticated read), p50/p99 unloaded, then during each flood:
 *   - from one address (the per-address limit answers 429 after WEBHOOK_MAX_REFUSALS_PER_ADDRESS refusals);
 *   - spread over as many addresses as posts (X-Forwarded-For, the gateway trusting one proxy), so the limit never
 *     applies and only the intake's refusal before reading the body protects the others.
 * Goal: the loaded p99 within 2× the unloaded one. Exits non-zero when a flood post was answered 2xx or 5xx.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *     npx tsx tools/bench/src/webhook-flood.bench.ts [posts=2000] [concurrency=50] [kB=95]
 */
import { Worker } from 'node:worker_threads';
import { percentile, summary } from './support/latency';
import { DEMO, Session, startBenchProduct } from './support/product';

const POSTS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 50);
const BODY_BYTES = Number(process.argv[4] ?? 95) * 1024;
/** Readers of the signed-in user, one request at a time each. */
const READERS = 2;
const UNLOADED_MS = 8_000;

/** Reads GET /api/verify-token as `session` until `until` resolves; answers each read's latency (ms). */
async function readWhile(baseUrl: string, cookie: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  const reader = async () => {
    while (!done) {
      const startedAt = performance.now();
      const response = await fetch(`${baseUrl}/api/verify-token`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`verify-token answered ${response.status}`);
      samples.push(performance.now() - startedAt);
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  return samples;
}

/**
 * POSTS unsigned posts, CONCURRENCY at a time, from a worker thread (its own event loop: the flood's client work
 * must not delay the readers' own); answers the count of each status (0: the connection was closed on it).
 */
function flood(baseUrl: string, addresses: 'one' | 'per-post'): Promise<Map<number, number>> {
  const worker = new Worker(FLOOD_SOURCE, {
    eval: true,
    workerData: { baseUrl, addresses, posts: POSTS, concurrency: CONCURRENCY, bodyBytes: BODY_BYTES },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (counts: Array<[number, number]>) => resolve(new Map(counts)));
    worker.once('error', reject);
  });
}

const FLOOD_SOURCE = `
const { parentPort, workerData: { baseUrl, addresses, posts, concurrency, bodyBytes } } = require('node:worker_threads');
const body = JSON.stringify({ webhookId: 'flood', eventType: 'ACCOUNT_HOLDINGS_UPDATED', padding: 'x'.repeat(bodyBytes) });
const addressOf = (i) => addresses === 'one' ? '198.51.100.1' : '10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255);
const counts = new Map();
let next = 0;
async function worker() {
  while (next < posts) {
    const index = next++;
    const status = await fetch(baseUrl + '/api/webhooks/snaptrade', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(index) },
      body,
    }).then(async (response) => { await response.arrayBuffer(); return response.status; }, () => 0);
    counts.set(status, (counts.get(status) || 0) + 1);
  }
}
Promise.all(Array.from({ length: concurrency }, worker)).then(() => parentPort.postMessage([...counts]));
`;

async function main(): Promise<void> {
  const product = await startBenchProduct('bench_webhook_flood', { TRUST_PROXY: '1' });
  try {
    const base = product.platform.url;
    const session = new Session(base);
    await session.refreshCsrf();
    const login = await session.call('POST', '/api/login', DEMO);
    if (login.status !== 200) throw new Error(`demo login answered ${login.status}`);
    const cookie = session.cookieHeader;
    // Warm-up (JIT, the session cache).
    await readWhile(base, cookie, new Promise((resolve) => setTimeout(resolve, 2_000)));

    const unloaded = await readWhile(base, cookie, new Promise((resolve) => setTimeout(resolve, UNLOADED_MS)));
    const runs: Array<[string, 'one' | 'per-post']> = [
      ['one address', 'one'],
      ['one address per post', 'per-post'],
    ];
    const lines = [summary('unloaded', unloaded)];
    const problems: string[] = [];
    for (const [label, addresses] of runs) {
      const startedAt = performance.now();
      const flooding = flood(base, addresses);
      const [samples, statuses] = await Promise.all([readWhile(base, cookie, flooding), flooding]);
      const seconds = (performance.now() - startedAt) / 1000;
      const answers = [...statuses].map(([status, n]) => `${status || 'failed'}×${n}`).join(' ');
      const ratio = percentile(samples, 99) / percentile(unloaded, 99);
      lines.push(`${summary(`during the flood, ${label}`, samples)}  p99 ${ratio.toFixed(2)}× unloaded`);
      lines.push(`  flood: ${POSTS} posts of ${BODY_BYTES / 1024} kB in ${seconds.toFixed(1)} s; answers ${answers}`);
      if (
        [...statuses.keys()].some((status) => status < 400 && status !== 0) ||
        [...statuses.keys()].some((s) => s >= 500)
      )
        problems.push(`${label}: a forged post was accepted or failed with 5xx (${answers})`);
      if (ratio > 2) problems.push(`${label}: p99 ${ratio.toFixed(2)}× the unloaded p99 (goal ≤ 2×)`);
    }
    console.log(
      `\nWebhook flood: ${POSTS} unsigned ${BODY_BYTES / 1024} kB posts, ${CONCURRENCY} at a time; ` +
        `${READERS} readers of GET /api/verify-token as another signed-in user`,
    );
    for (const line of lines) console.log(line);
    if (problems.length) {
      console.log(`\nGoal missed:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
