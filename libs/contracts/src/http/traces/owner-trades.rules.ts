import type { TradeStatus } from './traces.rules';

/**
 * An owner trade's status in the Trade Manager (docs/product.md#entities-and-fields): `filled` / `executed` for a trade
 * from a fully / partly filled order, `open` for a held position, `sold` after the owner's own sell, `closed` when the
 * position is gone at the brokerage. The public trade status (TradeView.status) stays `open` or `closed`: open,
 * executed and filled are `open`; sold and closed are `closed`.
 */
export const OWNER_TRADE_STATUSES = ['open', 'executed', 'filled', 'sold', 'closed'] as const;
export type OwnerTradeStatus = (typeof OWNER_TRADE_STATUSES)[number];
export const OPEN_OWNER_TRADE_STATUSES: ReadonlyArray<OwnerTradeStatus> = ['open', 'executed', 'filled'];
export const publicTradeStatusOf = (status: OwnerTradeStatus): TradeStatus =>
  OPEN_OWNER_TRADE_STATUSES.includes(status) ? 'open' : 'closed';

/** Options: contracts of 100 shares unless the brokerage says otherwise. */
export const DEFAULT_CONTRACT_MULTIPLIER = 100;

export const OwnerTradesErrorCode = {
  TRADE_NOT_FOUND: 'TRADE_NOT_FOUND',
  TRADE_ALREADY_SHARED: 'TRADE_ALREADY_SHARED',
  TRADE_NOT_OPEN: 'TRADE_NOT_OPEN',
} as const;

export const OwnerTradesMessages = {
  tradeNotFound: 'Trade not found in this trace.',
  alreadyShared: 'This trade is already shared: sharing is permanent.',
  notOpen: 'Only open trades can be shared.',
  shared: 'Trade shared with your subscribers.',
} as const;
