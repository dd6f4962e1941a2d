import type { UserView } from '@copytrade/contracts';
import type { UserEntity } from '../entities/user.entity';

/**
 * The user as the web app sees it. Brokerage fields come from the brokerage service's events; the provider
 * secret is never held here (the gateway adds it for its owner, from the brokerage service).
 */
export function toUserView(user: UserEntity): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    snaptradeUserId: user.snaptradeUserId ?? null,
    snaptradeUserSecret: null,
    snaptradeAccountIds: user.snaptradeAccountIds ?? [],
    brokerageConnected: user.brokerageConnected ?? false,
    autoSubscribedToTrader: user.autoSubscribedToTrader,
    copyTradingEnabled: user.copyTradingEnabled,
    defaultCopyAmount: user.defaultCopyAmount === null ? null : Number(user.defaultCopyAmount),
    maxCopyAmount: user.maxCopyAmount === null ? null : Number(user.maxCopyAmount),
    closeAutoCopiesOnTraderSell: user.closeAutoCopiesOnTraderSell,
  };
}
