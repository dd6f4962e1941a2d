import { Inject, Injectable, Logger } from '@nestjs/common';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../provider/brokerage-provider';
import { ProviderError } from '../provider/provider.error';
import type { ProviderOrder, ProviderUserCredentials } from '../provider/provider.types';

/** Older intents are looked for in the order history by time window (the recent list covers the last day). */
const RECENT_ORDERS_MS = 20 * 60 * 60_000;
const DAY_MS = 86_400_000;
/** Provider and process clocks differ. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The provider's orders of an account around the time an intent was placed, from the provider as it is:
 * the realtime recent list first; the account's order list by time window when the recent list is refused
 * (403: not enabled for this customer; 501: not implemented for this brokerage), when the intent is older
 * than a day, or when the recent list does not reach back to the intent: it is one page of the latest orders
 * (about 100 at SnapTrade; the page size is not documented), so older orders fall off it, and only an order
 * placed before the intent's window proves the page covers the whole window. Both lists are then merged, the
 * realtime record winning.
 */
@Injectable()
export class ProviderOrderSearch {
  private readonly logger = new Logger(ProviderOrderSearch.name);

  constructor(@Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider) {}

  async around(
    credentials: ProviderUserCredentials,
    accountId: string,
    placedAt: Date,
  ): Promise<{ orders: ProviderOrder[]; source: 'recent' | 'history' | 'recent+history' }> {
    const age = Date.now() - placedAt.getTime();
    const recent = age < RECENT_ORDERS_MS ? await this.recent(credentials, accountId) : null;
    if (recent && reachesBack(recent, placedAt)) return { orders: recent, source: 'recent' };
    const history = await this.provider.listOrders(
      credentials,
      accountId,
      Math.ceil((age + CLOCK_SKEW_MS) / DAY_MS) + 1,
    );
    if (!recent) return { orders: history, source: 'history' };
    const merged = new Map(history.map((order) => [order.brokerageOrderId, order]));
    for (const order of recent) merged.set(order.brokerageOrderId, order);
    return { orders: [...merged.values()], source: 'recent+history' };
  }

  /** The current record of one accepted order: its detail, else the lists. Null when none shows it. */
  async order(
    credentials: ProviderUserCredentials,
    accountId: string,
    brokerageOrderId: string,
    placedAt: Date,
  ): Promise<ProviderOrder | null> {
    try {
      const detail = await this.provider.getOrder(credentials, accountId, brokerageOrderId);
      if (detail) return detail;
    } catch (error) {
      if (!refusedFeature(error)) throw error;
    }
    const { orders } = await this.around(credentials, accountId, placedAt);
    return orders.find((order) => order.brokerageOrderId === brokerageOrderId) ?? null;
  }

  private async recent(credentials: ProviderUserCredentials, accountId: string): Promise<ProviderOrder[] | null> {
    try {
      return await this.provider.listRecentOrders(credentials, accountId);
    } catch (error) {
      if (!refusedFeature(error)) throw error;
      this.logger.warn(
        { accountId, status: (error as ProviderError).providerStatus },
        'Recent orders refused; using the order history',
      );
      return null;
    }
  }
}

/** 403 (feature not enabled) or 501 (not implemented for the brokerage): ask another way. */
function refusedFeature(error: unknown): error is ProviderError {
  return (
    error instanceof ProviderError &&
    (error.providerStatus === 403 || error.providerStatus === 501 || error.kind === 'NOT_SUPPORTED')
  );
}

/** The page covers the intent's whole window only if it also holds an order placed before that window. */
function reachesBack(orders: ProviderOrder[], placedAt: Date): boolean {
  const from = placedAt.getTime() - CLOCK_SKEW_MS;
  return orders.some((order) => order.timePlaced !== null && new Date(order.timePlaced).getTime() < from);
}
