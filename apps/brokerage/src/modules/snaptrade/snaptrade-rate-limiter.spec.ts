import { redactSecrets } from './snaptrade-error.mapper';
import { SnaptradeRateLimiter, windowSlicing } from './snaptrade-rate-limiter';

const limiter = (options: Partial<ConstructorParameters<typeof SnaptradeRateLimiter>[0]> = {}) =>
  new SnaptradeRateLimiter(
    { requestsPerWindow: 250, windowSeconds: 60, tradeIntervalMs: 1_000, maxWaitMs: 5_000, ...options },
    { kind: 'memory' },
  );

describe('windowSlicing', () => {
  it('never lets more than the limit through in any rolling window: (k + 1) slices × points ≤ limit', () => {
    for (const [limit, window] of [
      [250, 60],
      [20, 2],
      [7, 1],
      [2, 60],
    ] as const) {
      const { points, seconds } = windowSlicing(limit, window);
      const slicesTouched = window / seconds + 1;
      expect(points * slicesTouched).toBeLessThanOrEqual(limit);
      expect(Number.isInteger(seconds)).toBe(true);
    }
    expect(windowSlicing(250, 60)).toEqual({ points: 22, seconds: 6 });
  });
});

describe('SnaptradeRateLimiter', () => {
  it('queues a caller for its turn instead of refusing it', async () => {
    const limits = limiter({ requestsPerWindow: 3, windowSeconds: 1 });
    const startedAt = Date.now();
    await Promise.all([limits.acquireRequest(), limits.acquireRequest()]);
    // One request per one-second slice (3 in a rolling second would need 2 slices × 1 ≤ 3): the second waited.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
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
