import { redactSecrets } from './snaptrade-error.mapper';
import { SnaptradeRateLimiter } from './snaptrade-rate-limiter';

const limiter = (options: Partial<ConstructorParameters<typeof SnaptradeRateLimiter>[0]> = {}) =>
  new SnaptradeRateLimiter(
    { requestsPerWindow: 250, windowSeconds: 60, tradeIntervalMs: 1_000, maxWaitMs: 5_000, ...options },
    { kind: 'memory' },
  );

describe('SnaptradeRateLimiter', () => {
  it('queues a caller for its turn instead of refusing it, the turns evenly spaced', async () => {
    const limits = limiter({ requestsPerWindow: 2, windowSeconds: 1, headroom: 0 });
    const startedAt = Date.now();
    const turns = await Promise.all([0, 1, 2].map(() => limits.acquireRequest().then(() => Date.now() - startedAt)));
    // 2 per second: one every 500 ms, the first at once.
    expect(turns[0]).toBeLessThan(100);
    expect(turns[1]).toBeGreaterThanOrEqual(480);
    expect(turns[2]).toBeGreaterThanOrEqual(980);
  });

  it('keeps the headroom: 250 per minute schedules 240, one every 250 ms', async () => {
    const limits = limiter({ requestsPerWindow: 250, windowSeconds: 60, headroom: 10 });
    const startedAt = Date.now();
    await Promise.all([0, 1, 2].map(() => limits.acquireRequest()));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(490);
    expect(Date.now() - startedAt).toBeLessThan(700);
  });

  it('refuses (503, nothing sent) a caller whose turn would come after the longest wait', async () => {
    const limits = limiter({ requestsPerWindow: 2, windowSeconds: 60, maxWaitMs: 100 });
    await limits.acquireRequest();
    await expect(limits.acquireRequest()).rejects.toMatchObject({
      kind: 'UNAVAILABLE',
      outcome: 'not-placed',
      retryAfterSeconds: expect.any(Number),
    });
  });

  it('spaces trades of one account, not across accounts', async () => {
    const limits = limiter({ tradeIntervalMs: 200 });
    const startedAt = Date.now();
    const done: Record<string, number> = {};
    await Promise.all(
      ['a1', 'a2', 'b'].map(async (name) => {
        const end = await limits.acquireTrade(name[0]!);
        done[name] = Date.now() - startedAt;
        await end();
      }),
    );
    expect(done.b).toBeLessThan(150);
    expect(Math.max(done.a1!, done.a2!)).toBeGreaterThanOrEqual(200);
  });
});

describe('a trade in flight', () => {
  it('holds its account until its call is over, then one more interval', async () => {
    const limits = limiter({ tradeIntervalMs: 100, tradeLeaseMs: 5_000 });
    const end = await limits.acquireTrade('a');
    let second = 0;
    const next = limits.acquireTrade('a').then(() => (second = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 300)); // The first call is still in flight.
    expect(second).toBe(0);
    const endedAt = Date.now();
    await end();
    await next;
    expect(second - endedAt).toBeGreaterThanOrEqual(100);
  });
});

describe('redactSecrets', () => {
  it('removes credentials from URLs and messages', () => {
    const url = 'https://api.snaptrade.com/accounts?clientId=C&userId=u&userSecret=abc123&timestamp=1';
    expect(redactSecrets(url)).toBe(
      'https://api.snaptrade.com/accounts?clientId=[REDACTED]&userId=u&userSecret=[REDACTED]&timestamp=1',
    );
  });
});
