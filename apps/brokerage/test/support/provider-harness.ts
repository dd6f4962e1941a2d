import { loadConfig, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, FakeSnaptradeServer } from '@copytrade/testing';
import Decimal from 'decimal.js';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { BrokerageConfig } from '../../src/config/brokerage.config';
import { brokerageDataSourceOptions } from '../../src/database/data-source';
import { PaperBrokerProvider } from '../../src/modules/paper/paper-broker.provider';
import { PaperFills } from '../../src/modules/paper/paper-fills';
import { PaperMarketClock } from '../../src/modules/paper/paper-market-clock';
import { PaperOrderScripts } from '../../src/modules/paper/paper-order-script';
import { PaperPortalService } from '../../src/modules/paper/paper-portal.service';
import { PaperPriceFeed } from '../../src/modules/paper/paper-price-feed';
import type { BrokerageProvider } from '../../src/modules/provider/brokerage-provider';
import type { ProviderUserCredentials } from '../../src/modules/provider/provider.types';
import { SnaptradeRateLimiter, type RateLimitOptions } from '../../src/modules/snaptrade/snaptrade-rate-limiter';
import { SnaptradeProvider } from '../../src/modules/snaptrade/snaptrade.provider';

/** A limiter kept in this process's memory: for tests of one provider instance (replicas share PostgreSQL or Redis). */
export function memoryLimiter(options: Partial<RateLimitOptions> = {}): SnaptradeRateLimiter {
  return new SnaptradeRateLimiter(
    { requestsPerWindow: 60_000, windowSeconds: 60, tradeIntervalMs: 50, maxWaitMs: 10_000, ...options },
    { kind: 'memory' },
  );
}

/** One provider under test plus the levers a test needs that are not part of the provider interface. */
export interface ProviderHarness {
  provider: BrokerageProvider;
  /** Does what the user does in the portal the URL points to. */
  completePortal(user: ProviderUserCredentials, portalUrl: string): Promise<void>;
  setPrice(symbol: string, price: number): Promise<void>;
  setMarketOpen(open: boolean | null): Promise<void>;
  close(): Promise<void>;
}

export async function paperHarness(): Promise<ProviderHarness> {
  const database = await createTestDatabase('provider_contract_paper');
  await runServiceMigrations(brokerageDataSourceOptions(database.url));
  const dataSource = new DataSource(brokerageDataSourceOptions(database.url) as DataSourceOptions);
  await dataSource.initialize();
  const config = loadConfig(BrokerageConfig, {
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    PAPER_MARKET_HOURS: 'real',
  });
  const clock = new PaperMarketClock(dataSource, config);
  const feed = new PaperPriceFeed(dataSource, config);
  const portal = new PaperPortalService(dataSource);
  const scripts = new PaperOrderScripts(config);
  return {
    provider: new PaperBrokerProvider(dataSource, config, clock, feed, new PaperFills(dataSource), scripts),
    completePortal: async (user, portalUrl) => void (await portal.connect(portalUrl.split('/').pop()!, user.userId)),
    setPrice: (symbol, price) => feed.setPrice(symbol, new Decimal(price)),
    // Real hours are configured: tests pin the market open (or closed) so they pass at any hour.
    setMarketOpen: (open) => clock.setOverride(open).then(() => undefined),
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}

export async function snaptradeHarness(): Promise<ProviderHarness> {
  const fake = await FakeSnaptradeServer.start();
  return {
    provider: new SnaptradeProvider({
      clientId: fake.clientId,
      consumerKey: fake.consumerKey,
      basePath: fake.url,
      limiter: memoryLimiter(),
      logger: { warn: () => undefined },
    }),
    completePortal: async (_user, portalUrl) => void (await fake.completePortal(portalUrl)),
    setPrice: async (symbol, price) => void fake.state.prices.set(symbol, price),
    setMarketOpen: async (open) => void (fake.state.marketOpen = open ?? true),
    close: () => fake.stop(),
  };
}
