import type { NormalizedMarketOrder, OptionType } from '@copytrade/contracts';

/**
 * The provider boundary's own types: what the service needs from any brokerage provider, independent of
 * SnapTrade's wire format. Decimals are strings (exact); timestamps ISO strings.
 */
export type ProviderName = 'snaptrade' | 'paper';

/** A user's credentials at the provider. The secret is decrypted only to make a call. */
export interface ProviderUserCredentials {
  userId: string;
  userSecret: string;
}

export interface ProviderBrokerage {
  slug: string;
  name: string;
  displayName: string;
  description: string;
  logoUrl: string | null;
}

export interface ProviderConnection {
  id: string;
  name: string;
  type: 'read' | 'trade';
  disabled: boolean;
  disabledAt: string | null;
  createdAt: string | null;
  brokerage: ProviderBrokerage;
}

export interface ProviderAccount {
  id: string;
  connectionId: string;
  name: string;
  number: string;
  institutionName: string;
  createdAt: string | null;
  isPaper: boolean;
  status: string | null;
  totalValue: { amount: string; currency: string } | null;
  /** Known only when the account list carries it (paper broker). */
  buyingPower: { amount: string; currency: string } | null;
}

export interface ProviderBalance {
  currency: string;
  cash: string;
  buyingPower: string;
  totalValue: string;
}

export interface ProviderOptionDetails {
  optionType: OptionType;
  strikePrice: string;
  expirationDate: string;
  multiplier: number;
  underlying: string;
}

export interface ProviderPosition {
  symbol: string;
  description: string | null;
  units: string;
  price: string | null;
  averageCost: string | null;
  currency: string;
  option: ProviderOptionDetails | null;
}

export interface ProviderOrder {
  brokerageOrderId: string;
  /** Echoed by brokerages that keep it (the paper broker); SnapTrade's order records do not carry it. */
  clientOrderId: string | null;
  symbol: string;
  option: ProviderOptionDetails | null;
  action: string;
  orderType: string;
  timeInForce: string | null;
  status: string;
  totalQuantity: string;
  filledQuantity: string | null;
  executionPrice: string | null;
  timePlaced: string | null;
  timeExecuted: string | null;
}

export interface ProviderQuote {
  symbol: string;
  lastTradePrice: string | null;
  bid: string | null;
  ask: string | null;
}

export interface PortalOptions {
  broker?: string;
  /** Absolute URL the portal returns to. */
  customRedirect?: string;
  connectionType: 'read' | 'trade';
  reconnect?: string;
}

export interface MarketOrderRequest {
  accountId: string;
  /** UUID passed to the brokerage: the only handle for finding the order after a timeout. */
  clientOrderId: string;
  order: NormalizedMarketOrder;
}
