/**
 * The user as the web app holds it (docs/product.md#entities-and-fields). Secrets are never part of it unless shown to
 * their owner.
 */
export interface UserView {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  createdAt: string;
  hasCompletedOnboarding: boolean;
  snaptradeUserId: string | null;
  snaptradeUserSecret: string | null;
  snaptradeAccountIds: string[];
  brokerageConnected: boolean;
  autoSubscribedToTrader: boolean;
  copyTradingEnabled: boolean;
  defaultCopyAmount: number | null;
  maxCopyAmount: number | null;
  /** Copy-trading setting (off by default): an automatic copy is sold when the trader sells the shared trade. */
  closeAutoCopiesOnTraderSell: boolean;
}

export interface LoginResponse {
  success: true;
  user: UserView;
  message: string;
}
export interface VerifyTokenResponse {
  success: true;
  user: UserView;
}
export interface LogoutResponse {
  success: true;
  message: string;
}
export interface CsrfTokenResponse {
  csrfToken: string;
}
