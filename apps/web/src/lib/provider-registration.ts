import type { UserView } from '@copytrade/contracts';

/**
 * Registered with the brokerage-aggregation provider when both the provider user id and secret exist
 * (docs/product.md#settings). Real portfolio data and connecting a brokerage need it.
 */
export const isProviderRegistered = (
  user: Pick<UserView, 'snaptradeUserId' | 'snaptradeUserSecret'> | null | undefined,
): boolean => Boolean(user?.snaptradeUserId && user.snaptradeUserSecret);
