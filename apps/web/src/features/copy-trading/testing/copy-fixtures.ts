import type { CopyInstanceView, TraceDetailView, TradeView } from '@copytrade/contracts';
import { buildUser } from '@/testing/data';
import { buildTraceSummary, buildTradeView, NO_FOLLOWER_RESULTS } from '@/testing/trace-fixtures';

/** Fixtures of the copy and sell dialogs' tests: a basic subscriber's trace page with a live NVDA trade. */
export const TRACE_ID = '11111111-1111-4111-8111-111111111111';
export const TRADE_ID = '22222222-2222-4222-8222-222222222222';
export const ACCOUNT_ID = 'acc-primary';
export const registered = buildUser({
  snaptradeUserId: 'st-user',
  snaptradeUserSecret: 'secret',
  brokerageConnected: true,
});

export const trace: TraceDetailView = {
  ...buildTraceSummary({ id: TRACE_ID }),
  subscriptionTiers: [],
  posts: [],
  counts: { subscriptions: 1, trades: 1, posts: 0 },
  viewer: { isOwner: false, isSubscribed: true, hasAccess: true, tier: 'basic' },
  followerResults: NO_FOLLOWER_RESULTS,
};

export const trade = (overrides: Partial<TradeView> = {}): TradeView => buildTradeView({ id: TRADE_ID, ...overrides });

/** A copy as the server answers it (fields the dialog does not read are left out, hence the assertion). */
export function copyInstance(overrides: Partial<CopyInstanceView> = {}): CopyInstanceView {
  return {
    id: 'copy-1',
    status: 'open',
    awaitingConfirmation: false,
    placement: 'manual',
    copyQuantity: 10,
    requestedQuantity: 10,
    copyAmount: 1125,
    copyEntryPrice: 112.5,
    copierCurrentPrice: 112.5,
    copierUnrealizedPnl: 0,
    copierTotalReturn: 0,
    copiedAt: '2026-03-03T15:00:00.000Z',
    failureReason: null,
    queuedUntil: null,
    brokerageAccountId: ACCOUNT_ID,
    brokerageOrderId: 'order-1',
    requestId: 'req',
    originalTrade: {
      id: TRADE_ID,
      symbol: 'NVDA',
      isOptions: false,
      type: 'buy',
      optionType: null,
      strikePrice: null,
      expirationDate: null,
      contractMultiplier: 1,
      optionsTicker: null,
      trader: { id: 'owner-1', username: 'owner' },
      trace: { id: TRACE_ID, name: 'Momentum Masters', avatar: null, handle: 'momentum' },
    },
    receipt: { traderPrice: 112.5, traderSharedAt: null, fillPrice: 112.5, filledAt: '2026-03-03T15:00:00.000Z' },
    heldQuantity: 10,
    closedAt: null,
    ...overrides,
  } as CopyInstanceView;
}

export const ACCOUNTS = `GET /api/snaptrade/accounts/${registered.id}`;
export const account = (id: string, name: string) => ({
  id,
  connection_id: 'conn-1',
  name,
  number: '****1234',
  institution_name: 'Paper',
  created_date: null,
  is_paper: true,
  status: 'open',
  balance: { total: null, buying_power: null },
});

export const LIVE = 'GET /api/trading-terminal/live-positions';

/** The live-positions answer with the user's copies of the trade (the page's one read of them). */
export const livePositionsOf = (entries: { tradeId: string; copies: CopyInstanceView[] }[]) => ({
  body: {
    success: true,
    positions: entries.map(({ tradeId, copies }) => ({
      id: tradeId,
      traceId: TRACE_ID,
      hasUserCopied: copies.length > 0,
      copyInstances: copies,
    })),
    error: null,
    apiWarnings: [],
  },
});

/** The live-positions answer with the user's copies of the NVDA trade (the page's one read of them). */
export const livePositions = (copies: CopyInstanceView[]) => livePositionsOf([{ tradeId: TRADE_ID, copies }]);
