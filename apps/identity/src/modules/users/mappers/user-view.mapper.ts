import type { UserView } from '@copytrade/contracts';
import type { UserEntity } from '../entities/user.entity';

/** The user as the web app sees it; brokerage fields are filled by the brokerage service's events later. */
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
    snaptradeUserId: null,
    snaptradeUserSecret: null,
    snaptradeAccountIds: [],
    brokerageConnected: false,
    autoSubscribedToTrader: user.autoSubscribedToTrader,
    copyTradingEnabled: user.copyTradingEnabled,
    defaultCopyAmount: user.defaultCopyAmount === null ? null : Number(user.defaultCopyAmount),
    maxCopyAmount: user.maxCopyAmount === null ? null : Number(user.maxCopyAmount),
  };
}
