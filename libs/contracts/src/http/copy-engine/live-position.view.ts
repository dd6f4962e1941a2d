import type { TierName } from '../traces/traces.rules';
import type { CopyInstanceView } from './copy-instance.view';

/**
 * A live position (docs/product.md#entities-and-fields), the Trading Terminal's feed. Prices as the trace page's trades
 * have them (options in hundredths: ÷ 100 per contract); `currentPrice` is the brokerage's quote when it could be had
 * (`priceSource` 'quote'), else the trace's last synced price ('trace', with a warning in the response's
 * `apiWarnings`).
 */
export interface LivePositionView {
  id: string;
  tracerName: string;
  tracerHandle: string;
  avatarSrc: string | null;
  /** The trace's owner (the trader); username null when it could not be read. */
  trader: { id: string; username: string | null };
  symbol: string;
  side: 'buy' | 'sell';
  quantity: number;
  price: number;
  currentPrice: number;
  priceSource: 'quote' | 'trace';
  pnl: number;
  isProfit: boolean;
  executedAt: string;
  confidence: string;
  strategy: string;
  traceId: string;
  tier: TierName | null;
  isOptions: boolean;
  optionType: 'call' | 'put' | null;
  optionsTicker: string | null;
  strikePrice: number | null;
  expirationDate: string | null;
  contractMultiplier: number;
  lastSyncedAt: string;
  notes: string | null;
  tags: string[];
  /** Copies of the trade by anyone that are not FAILED (pending, open or closed). */
  copyCount: number;
  /** Distinct users among them. */
  copiedByUsers: number;
  /** Copies of it open now. */
  activeCopies: number;
  /** The user has a copy of it that is not FAILED. */
  hasUserCopied: boolean;
  /** The user's own copies of it (not FAILED), as My Copy Trades shows them. */
  copyInstances: CopyInstanceView[];
}

/**
 * GET /api/trading-terminal/live-positions (docs/product.md#rest-calls). `error` and `apiWarnings` when a price could
 * not be had.
 */
export interface LivePositionsResponse {
  success: true;
  positions: LivePositionView[];
  error: string | null;
  apiWarnings: string[];
}

/** The feed's `error` and `apiWarnings` texts (the copy engine writes them; the gateway's cache reads them). */
export const LivePositionsMessages = {
  pricesUnavailable: "Live prices could not be loaded for some positions: the traders' last synced prices are shown.",
  noBrokerage: "Connect a brokerage account to see live prices: the traders' last synced prices are shown.",
  quoteFailed: (symbols: string[]) => `Live price unavailable for ${symbols.join(', ')}: last synced price shown.`,
  optionsNotQuoted: (symbols: string[]) =>
    `Live option quotes are not available (${symbols.join(', ')}): last synced price shown.`,
} as const;
