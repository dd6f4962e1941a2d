import type { OwnerTradeView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { lastSyncStorageKey } from '../hooks/use-sync-cooldown';
import { buildOwnerTraceData, ownerTrade, TRACE_ID } from '../testing/owner-fixtures';

const user = buildUser({ id: 'owner-1', username: 'maya_chen' });
const ownerPath = `GET /api/trace-owner/${TRACE_ID}`;
const tradesPath = `GET /api/trace-owner/${TRACE_ID}/snaptrade-trades`;
const refreshPath = `POST /api/trace-owner/${TRACE_ID}/refresh-brokerage`;
const cleanupPath = `DELETE /api/trace-owner/${TRACE_ID}/cleanup-trades`;
const sharePath = `POST /api/trace-owner/${TRACE_ID}/share-trade`;
const dashboard = `/trace/${TRACE_ID}/dashboard`;

function mockDashboard({
  owner = { body: { success: true, ...buildOwnerTraceData() } } as MockResponse,
  trades = [ownerTrade('t-1')] as OwnerTradeView[],
  routes = {} as Parameters<typeof mockApi>[0],
} = {}) {
  return mockApi({
    ...signedInAs(user),
    [ownerPath]: owner,
    [tradesPath]: {
      body: { success: true, trades, totalCount: trades.length, sharedCount: trades.filter((t) => t.isShared).length },
    },
    ...routes,
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });

async function openTradeManager(actor: ReturnType<typeof renderApp>['user']) {
  await actor.click(await screen.findByRole('tab', { name: 'Trade Manager' }));
}

// Screens with forms and timers on a loaded machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/trace-dashboard'), import('@/app/routes/app/root')]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('trace dashboard states', () => {
  it.each([
    [403, 'NOT_TRACE_OWNER'],
    [404, 'TRACE_NOT_FOUND'],
  ])('shows-trace-not-found-for-%i', async (status, code) => {
    mockDashboard({ owner: { status, body: errorBody(code, 'No') } });
    renderApp(dashboard);
    expect(await screen.findByRole('heading', { name: 'Trace Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText("You don't have access to this trace or it doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('toasts-failed-to-fetch-trace-data-on-other-failures', async () => {
    mockDashboard({ owner: { status: 500, body: errorBody('INTERNAL', 'Internal error') } });
    renderApp(dashboard);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch trace data');
    expect(await screen.findAllByText('Failed to fetch trace data')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('header, tabs and overview', () => {
  it('shows-the-header-seven-tabs-and-the-overview-figures', async () => {
    mockDashboard();
    renderApp(dashboard);
    expect(await screen.findByRole('heading', { name: 'Momentum Masters Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('@momentum_masters')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Public Profile' })).toHaveAttribute('href', `/trace/${TRACE_ID}`);
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab');
    expect(tabs.map((item) => item.textContent)).toEqual([
      'Overview',
      'Trade Manager',
      'Content',
      'Subscribers',
      'Pricing',
      'Analytics',
      'Settings',
    ]);
    const stat = (name: string) => screen.getByRole('region', { name });
    expect(stat('Total Revenue')).toHaveTextContent('$0.00');
    expect(stat('Total Revenue')).toHaveTextContent('Free during the beta');
    expect(stat('Subscribers')).toHaveTextContent('1,234');
    expect(stat('Subscribers')).toHaveTextContent('+25.00% growth');
    expect(stat('Monthly Return')).toHaveTextContent('+12.30%');
    expect(stat('Monthly Return')).toHaveTextContent('72.5% win rate');
    expect(stat('Engagement')).toHaveTextContent('4.54%');
    expect(stat('Engagement')).toHaveTextContent('56 total likes');
    const recent = stat('Recent Subscribers');
    expect(within(recent).getAllByRole('listitem')).toHaveLength(2);
    expect(within(recent).getByText('leo_park')).toBeInTheDocument();
  });

  it('shows-an-empty-recent-subscribers-state', async () => {
    const data = buildOwnerTraceData();
    data.analytics.recentSubscribers = [];
    mockDashboard({ owner: { body: { success: true, ...data } } });
    renderApp(dashboard);
    expect(await screen.findByText('No subscribers yet')).toBeInTheDocument();
  });

  it('quick-actions-switch-to-the-tab-they-name-and-coming-soon-tabs-say-so', async () => {
    mockDashboard();
    const { user: actor, location } = renderApp(dashboard);
    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    await actor.click(within(actions).getByRole('button', { name: 'Content' }));
    expect(tab('Content')).toHaveAttribute('aria-selected', 'true');
    expect(location().search).toBe('?tab=content');
    expect(screen.getByRole('article', { name: 'Post p1' })).toHaveTextContent('Pinned');
    expect(screen.getByRole('article', { name: 'Post p2' })).toHaveTextContent('Subscribers only');

    await actor.click(tab('Pricing'));
    expect(screen.getByText('Pricing and tier management are coming soon.')).toBeInTheDocument();
  });
});

describe('trade manager', () => {
  it('fetches-trades-about-a-second-after-load-and-lists-open-trades-with-totals', async () => {
    const api = mockDashboard({
      trades: [
        ownerTrade('t-1'),
        ownerTrade('t-2', { symbol: 'AAPL', isShared: true, requiredTier: 'basic', copyCount: 2 }),
        ownerTrade('t-3', {
          symbol: 'SPY260320C00500000',
          isOptions: true,
          optionType: 'call',
          strikePrice: 500,
          expirationDate: '2026-03-20',
          optionsTicker: 'SPY   260320C00500000',
          contractMultiplier: 100,
          price: 2.5,
          currentPrice: 3.1,
          quantity: 2,
        }),
        ownerTrade('t-4', { symbol: 'GONE', status: 'closed' }),
      ],
    });
    const { user: actor } = renderApp(dashboard);
    await screen.findByRole('heading', { name: 'Momentum Masters Dashboard' });
    const loadedAt = Date.now();
    // Not at once: about a second after load, whichever tab is open.
    expect(api.callsTo(tradesPath)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo(tradesPath)).toHaveLength(1), { timeout: 3_000 });
    expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(700);
    await openTradeManager(actor);
    expect(await screen.findByRole('article', { name: 'NVDA' })).toBeInTheDocument();
    expect(api.callsTo(tradesPath)).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'GONE' })).not.toBeInTheDocument();
    expect(screen.getByText(/open trades/)).toHaveTextContent('4 open trades · 1 shared');

    const nvda = screen.getByRole('article', { name: 'NVDA' });
    expect(within(nvda).getByText('Bought 10 NVDA')).toBeInTheDocument();
    expect(within(nvda).getByRole('button', { name: 'Share Trade' })).toBeInTheDocument();
    expect(within(nvda).queryByRole('button', { name: 'Sell @ Market' })).not.toBeInTheDocument();

    const aapl = screen.getByRole('article', { name: 'AAPL' });
    expect(aapl).toHaveTextContent('Shared · Basic');
    expect(aapl).toHaveTextContent('2 copies');
    expect(within(aapl).queryByRole('button', { name: 'Share Trade' })).not.toBeInTheDocument();
    expect(within(aapl).getByRole('button', { name: 'Sell @ Market' })).toBeInTheDocument();

    // Options prices arrive per contract in dollars: shown as they are.
    const option = screen.getByRole('article', { name: 'SPY260320C00500000' });
    expect(option).toHaveTextContent('2 contracts');
    expect(option).toHaveTextContent('$2.50');
    expect(option).toHaveTextContent('$3.10');
    expect(option).toHaveTextContent('Call $500.00');
    expect(option).toHaveTextContent('Mar 20, 2026');
    expect(option).toHaveTextContent('×100');
  });

  it('shares-only-after-the-permanent-sharing-confirmation', async () => {
    const shared = ownerTrade('t-1', { isShared: true, requiredTier: 'premium' });
    const api = mockDashboard({
      routes: {
        [sharePath]: { body: { success: true, message: 'Trade shared with your subscribers.', trade: shared } },
      },
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user: actor } = renderApp(dashboard);
    await openTradeManager(actor);
    const card = await screen.findByRole('article', { name: 'NVDA' });

    await actor.click(within(card).getByRole('button', { name: 'Share Trade' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toMatch(/Sharing is permanent/);
    expect(api.callsTo(sharePath)).toHaveLength(0);

    await actor.click(within(card).getByRole('button', { name: 'Share Trade' }));
    await waitFor(() => expect(api.callsTo(sharePath)).toHaveLength(1));
    expect(api.callsTo(sharePath)[0]!.body).toEqual({ snaptradeTradeId: 't-1', minTier: 'premium' });
    expect(await screen.findByText('Trade Shared')).toBeInTheDocument();
    expect(within(card).getByText('Shared · Premium')).toBeInTheDocument();
    expect(screen.getByText(/open trade/)).toHaveTextContent('1 open trade · 1 shared');
  });

  it('toasts-the-server-message-when-sharing-fails', async () => {
    mockDashboard({
      routes: {
        [sharePath]: { status: 409, body: errorBody('TRADE_ALREADY_SHARED', 'This trade is already shared.') },
      },
    });
    vi.stubGlobal('confirm', () => true);
    const { user: actor } = renderApp(dashboard);
    await openTradeManager(actor);
    const card = await screen.findByRole('article', { name: 'NVDA' });
    await actor.click(within(card).getByRole('button', { name: 'Share Trade' }));
    expect(await screen.findByText('This trade is already shared.')).toBeInTheDocument();
  });

  it('keeps-the-3-second-sync-cooldown-in-local-storage-across-a-reload', async () => {
    const api = mockDashboard({ routes: { [refreshPath]: { body: { success: true, message: 'Synced', cost: 0 } } } });
    const first = renderApp(dashboard);
    await openTradeManager(first.user);
    const sync = await screen.findByRole('button', { name: 'Sync Brokerage' });
    await waitFor(() => expect(sync).toBeEnabled());
    await first.user.click(sync);
    await waitFor(() => expect(api.callsTo(refreshPath)).toHaveLength(1));
    const stored = Number(window.localStorage.getItem(lastSyncStorageKey(TRACE_ID)));
    expect(Date.now() - stored).toBeLessThan(3_000);
    expect(await screen.findByText('Brokerage Synced')).toBeInTheDocument();
    first.unmount();

    // A reload within the 3 s: the button waits, then comes back.
    const second = renderApp(`${dashboard}?tab=trade-manager`);
    const again = await screen.findByRole('button', { name: 'Sync Brokerage' });
    expect(again).toBeDisabled();
    await waitFor(() => expect(again).toBeEnabled(), { timeout: 4_000 });
    second.unmount();
  }, 15_000);

  it('shows-the-429-banner-with-its-countdown-and-disables-sync-and-cleanup-until-it-ends', async () => {
    const api = mockDashboard({
      routes: {
        [refreshPath]: {
          status: 429,
          body: { ...errorBody('RATE_LIMITED', 'Too many refreshes.'), details: { retryAfter: 2 } },
        },
      },
    });
    const { user: actor } = renderApp(`${dashboard}?tab=trade-manager`);
    await screen.findByRole('article', { name: 'NVDA' });
    await actor.click(screen.getByRole('button', { name: 'Sync Brokerage' }));
    const banner = await screen.findByText('Rate limit reached');
    const alert = banner.closest('[role="status"]') as HTMLElement;
    expect(alert).toHaveTextContent('Too many refreshes.');
    expect(alert).toHaveTextContent(/available again in 0:0[12]/);
    expect(screen.getByRole('button', { name: 'Sync Brokerage' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clean Up Trades' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByText('Rate limit reached')).not.toBeInTheDocument(), { timeout: 4_000 });
    expect(screen.getByRole('button', { name: 'Clean Up Trades' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync Brokerage' })).toBeEnabled(), {
      timeout: 4_000,
    });
    expect(api.callsTo(refreshPath)).toHaveLength(1);
  }, 15_000);

  it('uses-180-seconds-when-a-429-names-no-wait', async () => {
    mockDashboard({
      routes: { [cleanupPath]: { status: 429, body: errorBody('RATE_LIMITED', 'Slow down.') } },
    });
    const { user: actor } = renderApp(`${dashboard}?tab=trade-manager`);
    await screen.findByRole('article', { name: 'NVDA' });
    await actor.click(screen.getByRole('button', { name: 'Clean Up Trades' }));
    const alert = (await screen.findByText('Rate limit reached')).closest('[role="status"]') as HTMLElement;
    expect(alert).toHaveTextContent(/available again in (3:00|2:59)/);
  });

  it.each([
    [402, 'INSUFFICIENT_CREDITS', 'Insufficient Credits', "Your account doesn't have enough credits"],
    [404, 'CONNECTION_NOT_FOUND', 'Connection Not Found', 'Please reconnect your brokerage account in Settings'],
    [404, 'ROUTE_NOT_FOUND', 'Refresh Failed', 'Cannot POST refresh-brokerage'],
    [500, 'INTERNAL', 'Refresh Failed', 'Something went wrong'],
  ])('refresh-brokerage-%i-%s-toasts-%s', async (status, code, title, text) => {
    mockDashboard({
      routes: {
        [refreshPath]: { status, body: errorBody(code, code === 'INTERNAL' ? 'Something went wrong' : text) },
      },
    });
    const { user: actor } = renderApp(`${dashboard}?tab=trade-manager`);
    await screen.findByRole('article', { name: 'NVDA' });
    await actor.click(screen.getByRole('button', { name: 'Sync Brokerage' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text.replace(/[()$.]/g, '\\$&')))).toBeInTheDocument();
  });

  it('toasts-cleanup-failed-and-reports-cleanup-counts', async () => {
    const api = mockDashboard({
      routes: { [cleanupPath]: { status: 500, body: errorBody('INTERNAL', 'Boom') } },
    });
    const { user: actor } = renderApp(`${dashboard}?tab=trade-manager`);
    await screen.findByRole('article', { name: 'NVDA' });
    await actor.click(screen.getByRole('button', { name: 'Clean Up Trades' }));
    expect(await screen.findByText('Cleanup Failed')).toBeInTheDocument();

    api.set(cleanupPath, {
      body: { success: true, results: { deletedUnsharedTrades: 3, updatedOrphanedSharedTrades: 1 } },
    });
    await actor.click(screen.getByRole('button', { name: 'Clean Up Trades' }));
    expect(await screen.findByText(/Removed 3 unshared trade/)).toBeInTheDocument();
  });
});
