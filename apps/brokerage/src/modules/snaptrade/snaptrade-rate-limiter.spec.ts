import { redactSecrets } from './snaptrade-error.mapper';
import { SnaptradeRateLimiter } from './snaptrade-rate-limiter';

describe('SnaptradeRateLimiter', () => {
  it('lets a burst through, then refuses beyond the wait budget with a retry time', async () => {
    const limiter = new SnaptradeRateLimiter({ requestsPerMinute: 6, burst: 2, tradeIntervalMs: 1_000, maxWaitMs: 50 });
    await limiter.acquireRequest();
    await limiter.acquireRequest();
    await expect(limiter.acquireRequest()).rejects.toMatchObject({
      kind: 'RATE_LIMITED',
      outcome: 'not-placed',
      retryAfterSeconds: 15,
    });
  });

  it('never allows more than the limit in a rolling minute: burst + refill = limit', async () => {
    const limiter = new SnaptradeRateLimiter({
      requestsPerMinute: 250,
      burst: 50,
      tradeIntervalMs: 1_000,
      maxWaitMs: 0,
    });
    let admitted = 0;
    for (let i = 0; i < 300; i += 1)
      await limiter.acquireRequest().then(
        () => (admitted += 1),
        () => undefined,
      );
    expect(admitted).toBe(50);
  });

  it('spaces trades of one account and refuses one that would wait too long', async () => {
    const limiter = new SnaptradeRateLimiter({
      requestsPerMinute: 250,
      burst: 50,
      tradeIntervalMs: 100,
      maxWaitMs: 150,
    });
    const startedAt = Date.now();
    const booked = [limiter.acquireTrade('a'), limiter.acquireTrade('a'), limiter.acquireTrade('b')];
    // Slots of 'a' are now at +0 and +100 ms: a third would wait 200 ms, more than the 150 ms budget.
    await expect(limiter.acquireTrade('a')).rejects.toMatchObject({ kind: 'RATE_LIMITED' });
    await Promise.all(booked);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(90);
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
