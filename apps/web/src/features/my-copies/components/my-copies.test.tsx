import type { CopyInstanceView, CopyPerformanceView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const user = buildUser({ snaptradeUserId: 'st-user', snaptradeUserSecret: 'secret', brokerageConnected: true });
const TRACE_ID = '11111111-1111-4111-8111-111111111111';
const LIST = 'GET /api/copy-trades/my-copies';
const PERFORMANCE = 'GET /api/copy-trades/my-performance';
const SELL = 'POST /api/snaptrade/sell-position';
const ACCOUNTS = `GET /api/snaptrade/accounts/${user.id}`;

let serial = 0;
/** The receipt's fields beside the trader's price and the fill: no quote, cap or limit recorded; a shared trade's copy. */
const RECEIPT_LIMITS = {
  sizingPrice: null,
  sizingQuotedAt: null,
  maxCopyAmount: null,
  limitPrice: null,
  filledAboveMax: false,
  copiedOpenPosition: false,
};
function copy(overrides: Partial<CopyInstanceView> & { symbol?: string; options?: boolean } = {}): CopyInstanceView {
  const { symbol = 'NVDA', options = false, ...rest } = overrides;
  serial += 1;
  return {
    id: `copy-${serial}`,
    status: 'open',
    awaitingConfirmation: false,
    placement: 'manual',
    copyQuantity: 5,
    requestedQuantity: 5,
    copyAmount: 506.25,
    copyEntryPrice: 101.25,
    copierCurrentPrice: 112.5,
    copierUnrealizedPnl: 56.25,
    copierTotalReturn: 11.11,
    copiedAt: '2026-03-03T15:00:02.000Z',
    failureReason: null,
    queuedUntil: null,
    brokerageAccountId: 'acc-1',
    brokerageOrderId: 'order-1',
    requestId: 'req',
    originalTrade: {
      id: `trade-${serial}`,
      symbol,
      isOptions: options,
      type: 'buy',
      optionType: options ? 'call' : null,
      strikePrice: options ? 500 : null,
      expirationDate: options ? '2026-06-19' : null,
      contractMultiplier: options ? 100 : 1,
      optionsTicker: options ? 'SPY   260619C00500000' : null,
      trader: { id: 'trader-1', username: 'alpha_trader' },
      trace: { id: TRACE_ID, name: 'Momentum Masters', avatar: null, handle: '@momentum' },
    },
    heldQuantity: 5,
    priceUpdatedAt: null,
    receipt: {
      ...RECEIPT_LIMITS,
      traderPrice: 100,
      traderSharedAt: '2026-03-03T15:00:00.000Z',
      fillPrice: 101.25,
      filledAt: '2026-03-03T15:00:02.000Z',
      delaySeconds: 2,
      slippage: 1.25,
      slippagePercent: 1.25,
      slippageAmount: 6.25,
      versusTrader: 'worse',
    },
    closedAt: null,
    closedBy: null,
    closedByLossPercent: null,
    closeFailure: null,
    ...rest,
  };
}

const performance = (overrides: Partial<CopyPerformanceView> = {}): CopyPerformanceView => ({
  totalInvested: 1500,
  totalReturn: 125.5,
  totalReturnPercent: 8.37,
  winRate: 66.666,
  totalCopies: 3,
  openPositions: 2,
  closedPositions: 1,
  ...overrides,
});

const listOf = (copies: CopyInstanceView[]): MockResponse => ({
  body: {
    success: true,
    copyInstances: copies,
    pagination: { limit: 100, offset: 0, total: copies.length, hasMore: false },
  },
});
const account = { id: 'acc-1', name: 'Paper', number: '****1234', institution_name: 'Paper', balance: null };

function mockPage({
  copies = [] as CopyInstanceView[],
  summary = performance({
    totalInvested: 0,
    totalReturn: 0,
    totalReturnPercent: 0,
    winRate: 0,
    totalCopies: 0,
    openPositions: 0,
    closedPositions: 0,
  }),
  routes = {},
}: { copies?: CopyInstanceView[]; summary?: CopyPerformanceView; routes?: Parameters<typeof mockApi>[0] } = {}) {
  return mockApi({
    ...signedInAs(user),
    [LIST]: listOf(copies),
    [PERFORMANCE]: { body: { success: true, performance: summary } },
    [ACCOUNTS]: { body: { success: true, accounts: [account] } },
    ...routes,
  });
}

/** The value beside a figure's label (dt → dd). */
const figure = (container: HTMLElement, label: string) => within(container).getByText(label).nextElementSibling;

const heading = () => screen.findByRole('heading', { name: 'My Copy Trades', level: 1 });

/** Renders My Copies and opens its Open Positions tab. */
async function openPositionsTab() {
  const view = renderApp('/my-copies');
  await heading();
  await view.user.click(screen.getByRole('tab', { name: /^Open Positions/ }));
  return view;
}

/** The sell's answer when the market order filled at $112.40. */
const SOLD: MockResponse = {
  body: {
    success: true,
    status: 'filled',
    message: 'Sold',
    requestId: 'r',
    replayed: false,
    orderResult: { price: 112.4, orderId: 'sell-1' },
  },
};

beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/my-copies'), import('@/app/routes/app/root')]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('My Copy Trades', () => {
  it('shows-the-header-summary-figures-and-tab-counts', async () => {
    const api = mockPage({
      copies: [copy(), copy({ symbol: 'AAPL' }), copy({ symbol: 'TSLA', status: 'closed' })],
      summary: performance(),
    });
    renderApp('/my-copies');
    await heading();
    expect(screen.getByText('Track your copy trading performance and manage your positions')).toBeInTheDocument();
    expect(screen.getByText(/^Last updated: /)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Real-time On' })).toBeChecked();
    const summary = screen.getByRole('region', { name: 'Copy trading summary' });
    expect(within(summary).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(summary).getByText('+$125.50')).toBeInTheDocument();
    expect(within(summary).getByText('+8.37%')).toBeInTheDocument();
    expect(within(summary).getByText('66.7%')).toBeInTheDocument();
    expect(within(summary).getByRole('progressbar', { name: 'Win rate' })).toHaveAttribute('aria-valuenow', '66.666');
    expect(within(summary).getByText('2 open, 1 closed')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Open Positions (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Closed Positions (1)' })).toBeInTheDocument();
    // Both calls carry the user-id header (docs/product.md#rest-calls).
    expect(api.callsTo(LIST)[0]!.headers.get('user-id')).toBe(user.id);
    expect(api.callsTo(PERFORMANCE)[0]!.headers.get('user-id')).toBe(user.id);
  });

  it('shows-a-negative-return-signed-and-zero-percent-with-a-plus', async () => {
    mockPage({ copies: [copy()], summary: performance({ totalReturn: -42.1, totalReturnPercent: -2.81 }) });
    renderApp('/my-copies');
    await heading();
    expect(screen.getByText('-$42.10')).toBeInTheDocument();
    expect(screen.getByText('-2.81%')).toBeInTheDocument();
  });

  it('shows-the-three-empty-states', async () => {
    mockPage();
    const view = renderApp('/my-copies');
    await heading();
    expect(screen.getByText('No Copy Trades Yet')).toBeInTheDocument();
    expect(screen.getByText('Start copying successful traders to build your portfolio')).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Open Positions (0)' }));
    expect(screen.getByText('No Open Positions')).toBeInTheDocument();
    expect(screen.getByText('All your copy trades have been closed')).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Closed Positions (0)' }));
    expect(screen.getByText('No Closed Positions')).toBeInTheDocument();
    expect(screen.getByText('Your closed copy trades will appear here')).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Overview' }));
    await view.user.click(screen.getByRole('link', { name: 'Discover Traders' }));
    expect(view.location().pathname).toBe('/discovery');
  });

  it('lists-recent-activity-and-top-performers-sorted-by-return', async () => {
    const copies = [
      copy({ symbol: 'AAA', copierUnrealizedPnl: 10, copierTotalReturn: 2 }),
      copy({ symbol: 'BBB', copierUnrealizedPnl: -5, copierTotalReturn: -1 }),
      copy({ symbol: 'CCC', copierUnrealizedPnl: 30, copierTotalReturn: 9.5, status: 'closed' }),
      copy({ symbol: 'DDD', copierUnrealizedPnl: 1, copierTotalReturn: 0.5 }),
      copy({ symbol: 'EEE', copierUnrealizedPnl: 2, copierTotalReturn: 4 }),
      copy({ symbol: 'FFF', copierUnrealizedPnl: 50, copierTotalReturn: 20 }),
    ];
    mockPage({ copies, summary: performance() });
    renderApp('/my-copies');
    await heading();
    const recent = screen.getByRole('list', { name: 'Recent Activity' });
    const recentItems = within(recent).getAllByRole('listitem');
    expect(recentItems.map((item) => item.textContent?.slice(2, 5))).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE']);
    expect(within(recentItems[0]!).getByText('Copied from alpha_trader')).toBeInTheDocument();
    expect(within(recentItems[0]!).getByText('AL')).toBeInTheDocument();
    expect(within(recentItems[1]!).getByText('-$5.00')).toBeInTheDocument();
    expect(within(recentItems[2]!).getByText('Closed')).toBeInTheDocument();
    const top = screen.getByRole('list', { name: 'Top Performing Copies' });
    const topItems = within(top).getAllByRole('listitem');
    expect(topItems.map((item) => item.textContent?.slice(0, 3))).toEqual(['FFF', 'CCC', 'EEE', 'AAA', 'DDD']);
    expect(within(topItems[0]!).getByText('+20.00%')).toBeInTheDocument();
    expect(within(topItems[0]!).getByText('+$50.00')).toBeInTheDocument();
  });

  it('shows-each-copy’s-receipt-signed-better-or-worse-than-the-trader-and-its-placement', async () => {
    const worse = copy({ symbol: 'WRS' });
    const better = copy({
      symbol: 'BTR',
      placement: 'automatic',
      receipt: {
        ...RECEIPT_LIMITS,
        traderPrice: 100,
        traderSharedAt: '2026-03-03T15:00:00.000Z',
        fillPrice: 99.5,
        filledAt: '2026-03-03T15:00:00.800Z',
        delaySeconds: 0.8,
        slippage: -0.5,
        slippagePercent: -0.5,
        slippageAmount: -2.5,
        versusTrader: 'better',
      },
    });
    mockPage({ copies: [worse, better], summary: performance() });
    await openPositionsTab();
    const worseReceipt = screen.getByLabelText('Receipt of the WRS copy');
    expect(within(worseReceipt).getByText('Manual copy')).toBeInTheDocument();
    expect(within(worseReceipt).getByText(/^\+\$1\.25 \(\+1\.25%\) per share, worse than the trader/)).toHaveClass(
      'loss',
    );
    expect(within(worseReceipt).getByText('(+$6.25 in total)')).toBeInTheDocument();
    expect(within(worseReceipt).getByText('$100.00', { exact: false })).toBeInTheDocument();
    expect(within(worseReceipt).getByText('2.0 s')).toBeInTheDocument();
    const betterReceipt = screen.getByLabelText('Receipt of the BTR copy');
    expect(within(betterReceipt).getByText('Automatic copy')).toBeInTheDocument();
    expect(within(betterReceipt).getByText(/^-\$0\.50 \(-0\.50%\) per share, better than the trader/)).toHaveClass(
      'gain',
    );
    expect(within(betterReceipt).getByText('0.8 s')).toBeInTheDocument();
  });

  it('says-a-copied-open-position-is-one, open or not placed', async () => {
    const opened = copy({ symbol: 'OPN', placement: 'automatic' });
    const failed = copy({ symbol: 'OPF', status: 'failed', placement: 'automatic', failureReason: 'Market closed' });
    for (const each of [opened, failed]) each.receipt = { ...each.receipt, copiedOpenPosition: true };
    mockPage({
      copies: [opened, failed],
      summary: performance({ totalCopies: 1, openPositions: 1, closedPositions: 0 }),
    });
    const view = renderApp('/my-copies');
    await heading();
    const [notPlaced] = within(screen.getByRole('list', { name: 'Pending and Not Placed' })).getAllByRole('listitem');
    expect(within(notPlaced!).getByText(/Copied open position/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: /^Open Positions/ }));
    const receipt = screen.getByLabelText('Receipt of the OPN copy');
    expect(within(receipt).getByText('Copied open position')).toBeInTheDocument();
    expect(within(receipt).queryByText('Automatic copy')).not.toBeInTheDocument();
  });

  it('shows-pending-copies-as-pending-and-not-placed-ones-with-their-reason', async () => {
    mockPage({
      copies: [
        copy({ symbol: 'PND', status: 'pending', copyEntryPrice: null }),
        copy({ symbol: 'FLD', status: 'failed', placement: 'automatic', failureReason: 'Not enough buying power' }),
      ],
      summary: performance({ totalCopies: 0, openPositions: 0, closedPositions: 0 }),
    });
    const view = renderApp('/my-copies');
    await heading();
    const card = screen.getByRole('list', { name: 'Pending and Not Placed' });
    const [pending, failed] = within(card).getAllByRole('listitem');
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText('Sent to your brokerage; waiting for the fill.')).toBeInTheDocument();
    expect(within(failed!).getByText('Not placed')).toBeInTheDocument();
    expect(within(failed!).getByText('Not enough buying power')).toBeInTheDocument();
    expect(within(failed!).getByText(/Automatic copy/)).toBeInTheDocument();
    // The Open tab shows the pending copy too, never a Close Position for it.
    await view.user.click(screen.getByRole('tab', { name: 'Open Positions (0)' }));
    expect(screen.getByText('PND')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close Position' })).not.toBeInTheDocument();
  });

  it('shows-an-automatic-copy-queued-for-the-market-open-as-pending-with-a-note', async () => {
    mockPage({
      copies: [
        copy({
          symbol: 'QUE',
          status: 'pending',
          placement: 'automatic',
          copyEntryPrice: null,
          queuedUntil: '2026-03-09T13:30:00.000Z',
        }),
      ],
      summary: performance({ totalCopies: 0, openPositions: 0, closedPositions: 0 }),
    });
    renderApp('/my-copies');
    await heading();
    const [queued] = within(screen.getByRole('list', { name: 'Pending and Not Placed' })).getAllByRole('listitem');
    expect(within(queued!).getByText('Pending')).toBeInTheDocument();
    expect(within(queued!).getByText(/^Queued for the market open/)).toHaveClass('copies-list__detail');
    expect(within(queued!).queryByText(/Sent to your brokerage/)).not.toBeInTheDocument();
  });

  it('shows-a-copy-a-guard-skipped-like-a-not-placed-one-with-its-reason', async () => {
    const reason = "Price moved 3.1 % from the trader's (your limit 2 %)";
    mockPage({
      copies: [copy({ symbol: 'SKP', status: 'skipped', placement: 'automatic', failureReason: reason })],
      summary: performance({ totalCopies: 0, openPositions: 0, closedPositions: 0 }),
    });
    renderApp('/my-copies');
    await heading();
    const [skipped] = within(screen.getByRole('list', { name: 'Pending and Not Placed' })).getAllByRole('listitem');
    expect(within(skipped!).getByText('SKP')).toBeInTheDocument();
    expect(within(skipped!).getByText('Skipped')).toBeInTheDocument();
    expect(within(skipped!).getByText(reason)).toHaveClass('copies-list__reason');
  });

  it('lists-automatic-copying-per-trace-copied-from-and-pauses-one', async () => {
    const guards = {
      traceId: TRACE_ID,
      autoCopyPaused: false,
      pausedReason: null,
      pausedAt: null,
      stopLossPercent: null,
      priceProtectionPercent: null,
      updatedAt: null,
    };
    const api = mockPage({
      copies: [copy({ symbol: 'AAA' }), copy({ symbol: 'BBB' })],
      routes: {
        'GET /api/copy-guards/traces': { body: { success: true, traceGuards: [guards] } },
        [`POST /api/copy-guards/traces/${TRACE_ID}/pause`]: {
          body: { success: true, traceGuards: { ...guards, autoCopyPaused: true, pausedReason: 'user' } },
        },
      },
    });
    const view = renderApp('/my-copies');
    await heading();
    const card = await screen.findByRole('list', { name: 'Automatic Copying by Trace' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(within(card).getByRole('heading', { name: 'Momentum Masters' })).toBeInTheDocument();
    await view.user.click(within(card).getByRole('button', { name: 'Pause automatic copying' }));
    expect(await within(card).findByText('Paused by you')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Resume automatic copying' })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/copy-guards/traces/${TRACE_ID}/pause`)).toHaveLength(1);
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/copy-guards/traces?traceIds=${TRACE_ID}`,
    );
  });

  it('shows-closed-rows-with-entry-exit-realized-pnl-and-return', async () => {
    mockPage({
      copies: [
        copy({
          symbol: 'TSLA',
          status: 'closed',
          copierCurrentPrice: 95,
          copierUnrealizedPnl: -31.25,
          copierTotalReturn: -6.17,
        }),
      ],
      summary: performance(),
    });
    const view = renderApp('/my-copies');
    await heading();
    await view.user.click(screen.getByRole('tab', { name: 'Closed Positions (1)' }));
    const row = within(screen.getByRole('list', { name: 'Closed positions' })).getAllByRole('listitem')[0]!;
    expect(within(row).getByText('TSLA')).toBeInTheDocument();
    expect(within(row).getByText('Momentum Masters')).toBeInTheDocument();
    expect(figure(row, 'Entry Price')).toHaveTextContent('$101.25');
    expect(figure(row, 'Exit Price')).toHaveTextContent('$95.00');
    expect(figure(row, 'Realized P&L')).toHaveTextContent('-$31.25');
    expect(figure(row, 'Realized P&L')).toHaveClass('loss');
    expect(figure(row, 'Return %')).toHaveTextContent('-6.17%');
  });

  it('says-who-closed-a-copy-a-guard-or-the-trader-and-nothing-for-the-followers-own-sell', async () => {
    mockPage({
      copies: [
        copy({ symbol: 'TSLA', status: 'closed', closedBy: 'stop_loss', closedByLossPercent: 12.34 }),
        copy({ symbol: 'AMD', status: 'closed', closedBy: 'kill_switch' }),
        copy({ symbol: 'MSFT', status: 'closed', closedBy: 'follower' }),
      ],
      summary: performance({ closedPositions: 3 }),
    });
    const view = renderApp('/my-copies');
    await heading();
    await view.user.click(screen.getByRole('tab', { name: 'Closed Positions (3)' }));
    const [stopLoss, killSwitch, own] = within(screen.getByRole('list', { name: 'Closed positions' })).getAllByRole(
      'listitem',
    );
    expect(within(stopLoss!).getByText('Closed by your copy stop-loss (−12.3 %)')).toBeInTheDocument();
    expect(within(killSwitch!).getByText('Closed by Stop all automatic copying')).toBeInTheDocument();
    expect(within(own!).queryByText(/Closed by/)).not.toBeInTheDocument();
  });

  it('says-why-an-open-copy-a-guard-could-not-sell-is-still-open', async () => {
    mockPage({
      copies: [
        copy({
          symbol: 'NFLX',
          closeFailure: { by: 'stop_loss', attempts: 6, reason: 'The brokerage rejected the order.' },
        }),
        copy({ symbol: 'AAPL' }),
      ],
      summary: performance(),
    });
    await openPositionsTab();
    expect(
      within(screen.getByRole('region', { name: 'NFLX' })).getByText(
        'Your copy stop-loss could not sell this copy (refused at 6 attempts: The brokerage rejected the order.). It is still open.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/could not sell this copy/)).toHaveLength(1);
  });

  it('asks-the-native-confirmation-with-symbol-quantity-market-and-price-then-sells-and-closes', async () => {
    const open = copy();
    const api = mockPage({
      copies: [open],
      summary: performance(),
      routes: {
        [SELL]: SOLD,
        [`PUT /api/copy-trades/${open.id}/close`]: {
          body: { success: true, closed: true, copyInstance: { ...open, status: 'closed' } },
        },
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const view = await openPositionsTab();
    await view.user.click(screen.getByRole('button', { name: 'Close Position' }));
    const text = confirm.mock.calls[0]![0] as string;
    expect(text).toContain('cannot be undone');
    expect(text).toContain('Symbol: NVDA');
    expect(text).toContain('Quantity: 5 shares');
    expect(text).toContain('Order Type: Market');
    expect(text).toContain('Current Price: $112.50');
    // Cancelled: nothing is sold.
    expect(api.callsTo(SELL)).toHaveLength(0);

    const listsBefore = api.callsTo(LIST).length;
    await view.user.click(screen.getByRole('button', { name: 'Close Position' }));
    expect(await screen.findByText('Position closed successfully for NVDA!')).toBeInTheDocument();
    const [sell] = api.callsTo(SELL);
    expect(sell!.body).toEqual({
      userId: user.id,
      accountId: 'acc-1',
      positionData: {
        symbol: 'NVDA',
        quantity: 5,
        isOptions: false,
        orderType: 'Market',
        price: null,
        traceId: TRACE_ID,
      },
      confirmRisks: true,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(sell!.headers.get('X-Request-ID')).toBe((sell!.body as { requestId: string }).requestId);
    const [close] = api.callsTo(`PUT /api/copy-trades/${open.id}/close`);
    expect(close!.body).toEqual({ exitPrice: 112.4, brokerageSellOrderId: 'sell-1' });
    expect(close!.headers.get('user-id')).toBe(user.id);
    // The lists reload after the close.
    await waitFor(() => expect(api.callsTo(LIST).length).toBeGreaterThan(listsBefore));
  });

  it('counts-options-in-contracts-in-the-confirmation', async () => {
    mockPage({
      copies: [copy({ symbol: 'SPY', options: true, copyQuantity: 1, heldQuantity: 1, copierCurrentPrice: 4.256 })],
      summary: performance(),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const view = await openPositionsTab();
    await view.user.click(screen.getByRole('button', { name: 'Close Position' }));
    expect(confirm.mock.calls[0]![0]).toContain('Quantity: 1 contract');
    expect(confirm.mock.calls[0]![0]).toContain('Current Price: $4.26');
  });

  it.each([
    [
      'market closed',
      {
        status: 422,
        body: {
          ...errorBody('MARKET_CLOSED', 'The market is closed.'),
          details: {
            isMarketHoursRestriction: true,
            technical: 'Market is closed until 9:30 ET',
            errorCode: 'MARKET_CLOSED',
            canRetry: true,
          },
        },
      },
      'Market Closed: Market is closed until 9:30 ET',
    ],
    [
      'a brokerage error code',
      {
        status: 422,
        body: {
          ...errorBody('INSUFFICIENT_FUNDS', 'Not enough buying power.'),
          details: {
            isMarketHoursRestriction: false,
            technical: 'x',
            errorCode: 'INSUFFICIENT_FUNDS',
            canRetry: false,
          },
        },
      },
      'Brokerage Error (INSUFFICIENT_FUNDS): Not enough buying power.',
    ],
    [
      'a product refusal',
      { status: 422, body: errorBody('QUANTITY_TOO_LARGE', 'You can sell at most 2.') },
      'Failed to close position: You can sell at most 2.',
    ],
    ['no answer', { networkError: true }, 'Failed to sell position. Please try again.'],
  ] as Array<[string, MockResponse, string]>)(
    'toasts-the-documented-message-when-the-sell-fails-with-%s',
    async (_, answer, message) => {
      const open = copy();
      const api = mockPage({ copies: [open], summary: performance(), routes: { [SELL]: answer } });
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const view = await openPositionsTab();
      await view.user.click(screen.getByRole('button', { name: 'Close Position' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(api.callsTo(`PUT /api/copy-trades/${open.id}/close`)).toHaveLength(0);
    },
  );

  it('warns-when-the-close-record-fails-after-the-sale-and-refuses-without-an-account', async () => {
    const open = copy();
    const api = mockPage({
      copies: [open],
      summary: performance(),
      routes: {
        [SELL]: SOLD,
        [`PUT /api/copy-trades/${open.id}/close`]: { status: 500, body: errorBody('INTERNAL', 'Internal error') },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const view = await openPositionsTab();
    await view.user.click(screen.getByRole('button', { name: 'Close Position' }));
    expect(await screen.findByText(/sold at the brokerage, but tracking the close failed/)).toBeInTheDocument();

    api.set(ACCOUNTS, { body: { success: true, accounts: [] } });
    await view.user.click(screen.getByRole('button', { name: 'Close Position' }));
    expect(
      await screen.findByText('No brokerage account found. Please connect your account first.'),
    ).toBeInTheDocument();
    expect(api.callsTo(SELL)).toHaveLength(1);
  });

  it('refreshes-one-card’s-price-and-tells-success-or-failure', async () => {
    const open = copy();
    const api = mockPage({
      copies: [open],
      summary: performance(),
      routes: {
        [`POST /api/copy-trades/${open.id}/refresh-price`]: {
          body: {
            success: true,
            updatedCopy: { ...open, copierCurrentPrice: 120, copierUnrealizedPnl: 93.75, copierTotalReturn: 18.52 },
          },
        },
      },
    });
    const view = await openPositionsTab();
    await view.user.click(screen.getByRole('button', { name: 'Refresh price of NVDA' }));
    expect(await screen.findByText('Price refreshed successfully')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('+$93.75')).toBeInTheDocument();
    expect(screen.getByText('+18.52%')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/copy-trades/${open.id}/refresh-price`)[0]!.headers.get('user-id')).toBe(user.id);

    api.set(`POST /api/copy-trades/${open.id}/refresh-price`, {
      status: 503,
      body: errorBody('PRICE_UNAVAILABLE', 'The current price could not be read from the brokerage. Try again later.'),
    });
    await view.user.click(screen.getByRole('button', { name: 'Refresh price of NVDA' }));
    expect(await screen.findByText('Failed to refresh price')).toBeInTheDocument();
    api.set(`POST /api/copy-trades/${open.id}/refresh-price`, { networkError: true });
    await view.user.click(screen.getByRole('button', { name: 'Refresh price of NVDA' }));
    expect(await screen.findByText('Error refreshing price')).toBeInTheDocument();
  });

  it('toasts-refresh-failures-of-copies-and-performance-and-turns-real-time-off', async () => {
    const api = mockPage({ copies: [copy()], summary: performance() });
    const view = renderApp('/my-copies');
    await heading();
    api.set(LIST, { status: 500, body: errorBody('INTERNAL', 'Internal error') });
    api.set(PERFORMANCE, { networkError: true });
    await view.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh copy instances')).toBeInTheDocument();
    expect(await screen.findByText('Error refreshing performance data')).toBeInTheDocument();
    // The last data stays on screen.
    expect(screen.getByText('$1,500.00')).toBeInTheDocument();

    api.set(LIST, { networkError: true });
    api.set(PERFORMANCE, { status: 500, body: errorBody('INTERNAL', 'Internal error') });
    await view.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Error refreshing copy instances')).toBeInTheDocument();
    expect(await screen.findByText('Failed to refresh performance data')).toBeInTheDocument();

    await view.user.click(screen.getByRole('switch', { name: 'Real-time On' }));
    expect(screen.getByRole('switch', { name: 'Real-time Off' })).not.toBeChecked();
  });

  it('shows-the-skeleton-first-and-an-error-with-retry-when-the-first-load-fails', async () => {
    const api = mockPage({ routes: { [LIST]: { status: 500, body: errorBody('INTERNAL', 'Internal error') } } });
    const view = renderApp('/my-copies');
    expect(await screen.findByText('Loading your copy trades...')).toBeInTheDocument();
    expect(await screen.findByText('Your copy trades could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Failed to refresh copy instances')).toBeInTheDocument();
    api.set(LIST, listOf([]));
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No Copy Trades Yet')).toBeInTheDocument();
  });

  it('re-reads-copies-and-performance-every-30-seconds-while-real-time-is-on-and-stops-when-off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockPage({ copies: [copy()], summary: performance() });
    const view = renderApp('/my-copies', { advanceTimers: vi.advanceTimersByTime });
    await heading();
    const reads = () => [api.callsTo(LIST).length, api.callsTo(PERFORMANCE).length];
    expect(reads()).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(reads()).toEqual([2, 2]));
    await view.user.click(screen.getByRole('switch', { name: 'Real-time On' }));
    await vi.advanceTimersByTimeAsync(90_000);
    expect(reads()).toEqual([2, 2]);
  });
});
