import { loadConfig } from '@copytrade/nest';
import { ReadCacheConfig } from './read-cache.config';
import { readCacheOptions } from './read-cache.module';

describe('readCacheOptions', () => {
  it('bounds every service alike: the gateway holds no per-service rule', () => {
    const options = readCacheOptions(loadConfig(ReadCacheConfig, {}));
    const limit = { freshMs: 60_000, staleMs: 60_000 };
    expect(options.limitOf('rpc.traces.traces.list')).toEqual(limit);
    expect(options.limitOf('rpc.copy-engine.live-positions.list')).toEqual(limit);
    expect(options.limitOf('rpc.some-new-service.things.list')).toEqual(limit);
    expect(options).toMatchObject({ maxEntries: 50_000, refreshConcurrency: 4 });
  });

  it('READ_CACHE_MAX_FRESH_MS=0 turns the cache off for every subject', () => {
    const options = readCacheOptions(loadConfig(ReadCacheConfig, { READ_CACHE_MAX_FRESH_MS: '0' }));
    expect(options.limitOf('rpc.traces.traces.list')).toBeUndefined();
    expect(options.limitOf('rpc.brokerage.accounts.list')).toBeUndefined();
  });
});
