import type { PostView, TierView, TraceDetailView, TradeView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tracesKeys } from '@/lib/traces/query-keys';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { buildTraceSummary, buildTradeView, NO_FOLLOWER_RESULTS } from '@/testing/trace-fixtures';

const TRACE_ID = '11111111-1111-4111-8111-111111111111';
const user = buildUser();

const tier = (name: TierView['name'], rank: number, price: number): TierView => ({
  id: `tier-${name}`,
  name,
  rank,
  price,
  canCopyTrades: name !== 'free',
});
const TIERS = [tier('free', 0, 0), tier('basic', 1, 19.99), tier('premium', 2, 49.99), tier('vip', 3, 99.99)];

const post = (id: string, overrides: Partial<PostView> = {}): PostView => ({
  id,
  title: `Post ${id}`,
  content: `Content of ${id}`,
  createdAt: '2026-02-01T10:00:00.000Z',
  isPinned: false,
  isPublic: true,
  likeCount: 3,
  commentCount: 1,
  ...overrides,
});

function buildTrace(overrides: Partial<TraceDetailView> = {}): TraceDetailView {
  return {
    ...buildTraceSummary({
      id: TRACE_ID,
      winRate: 72.46,
      monthlyReturn: 12.3,
      totalReturn: -5,
      maxDrawdown: 8.2,
      subscriberCount: 1234,
      totalLikes: 56,
      avgTradeSize: 2500.5,
      totalTrades: 40,
      profitableTrades: 29,
      tradingStyle: ['swing_trading', 'options'],
      description: 'Momentum swing trades.',
      bio: 'Ten years of momentum trading.',
      minInvestment: 1000,
      createdAt: '2025-06-01T00:00:00.000Z',
    }),
    subscriptionTiers: TIERS,
    posts: [post('p1'), post('p2'), post('p3')],
    counts: { subscriptions: 1234, trades: 40, posts: 3 },
    viewer: { isOwner: false, isSubscribed: false, hasAccess: false, tier: null },
    followerResults: { ...NO_FOLLOWER_RESULTS, summaryOnly: true },
    ...overrides,
  };
}

const SUBSCRIBER = { isOwner: false, isSubscribed: true, hasAccess: true, tier: 'basic' as const };
const OWNER = { isOwner: true, isSubscribed: false, hasAccess: true, tier: null };

const trade = (id: string, overrides: Partial<TradeView> = {}): TradeView => buildTradeView({ id, ...overrides });

const tracePath = `GET /api/traces/${TRACE_ID}`;
const tiersPath = `GET /api/traces/${TRACE_ID}/tiers`;
const tradesPath = `GET /api/traces/${TRACE_ID}/trades`;
const subscriptionsPath = `GET /api/subscriptions/${user.id}`;
const guardsPath = `GET /api/copy-guards/traces/${TRACE_ID}`;
const NO_GUARDS = {
  traceId: TRACE_ID,
  autoCopyPaused: false,
  pausedReason: null,
  pausedAt: null,
  stopLossPercent: null,
  priceProtectionPercent: null,
  updatedAt: null,
};

function mockTracePage({
  trace = buildTrace(),
  tiers = TIERS,
  trades = [] as TradeView[],
}: { trace?: TraceDetailView | MockResponse; tiers?: TierView[]; trades?: TradeView[] } = {}) {
  return mockApi({
    ...signedInAs(user),
    [tracePath]: 'status' in trace || 'body' in trace ? trace : { body: { success: true, trace } },
    [tiersPath]: { body: { success: true, tiers, betaFreeAccess: true } },
    [tradesPath]: { body: { success: true, trades } },
    // A subscriber's full view also reads their copy guards for the trace (none set: every default).
    [guardsPath]: { body: { success: true, traceGuards: NO_GUARDS } },
  });
}

/** The query strings and `user-id` headers of the trades calls made so far. */
function tradeCalls(fetchMock: ReturnType<typeof mockApi>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === `/api/traces/${TRACE_ID}/trades`)
    .map(({ url, init }) => ({ search: url.search, userId: new Headers(init?.headers).get('user-id') }));
}

// The screen is a lazy route chunk: import it (and the shell) once up front, so a loaded machine's first
// transform does not eat into the first test's time.
beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/trace'), import('@/app/routes/app/root')]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('trace page states', () => {
  it('shows-loading-trace-then-trace-not-found-on-404', async () => {
    const answer = deferred<MockResponse>();
    mockApi({ ...signedInAs(user), [tracePath]: () => answer.promise });
    renderApp(`/trace/${TRACE_ID}`);
    expect(await screen.findByText('Loading trace...')).toBeInTheDocument();
    expect(screen.getByText('Loading trace...').closest('[role="status"]')).not.toBeNull();
    answer.resolve({ status: 404, body: errorBody('TRACE_NOT_FOUND', 'Trace not found') });
    expect(await screen.findByRole('heading', { name: 'Trace not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover Traders' })).toHaveAttribute('href', '/discovery');
    expect(screen.queryByText('Loading trace...')).not.toBeInTheDocument();
  }, 15_000);

  it('shows-trace-not-found-for-an-id-that-cannot-be-one', async () => {
    const api = mockApi({
      ...signedInAs(user),
      'GET /api/traces/not-an-id': { status: 400, body: errorBody('BAD_REQUEST', 'id must be a valid id') },
    });
    renderApp('/trace/not-an-id');
    expect(await screen.findByRole('heading', { name: 'Trace not found' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/traces/not-an-id')).toHaveLength(1);
  });

  it('shows-an-error-with-retry-for-other-failures', async () => {
    const api = mockTracePage({ trace: { status: 500, body: errorBody('INTERNAL', 'Internal error') } });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this trace.");
    expect(screen.queryByText('Trace not found')).not.toBeInTheDocument();

    api.set(tracePath, { body: { success: true, trace: buildTrace() } });
    await actor.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Momentum Masters', level: 1 })).toBeInTheDocument();
  });
});

describe('public view (neither owner nor active subscriber)', () => {
  it('shows-the-profile-stats-beta-access-card-two-public-posts-and-the-disclaimer', async () => {
    const api = mockTracePage({ tiers: [tier('basic', 1, 19.99), tier('vip', 3, 99.99)] });
    renderApp(`/trace/${TRACE_ID}`);

    const header = await screen.findByRole('region', { name: 'Momentum Masters' });
    expect(within(header).getByText('Verified')).toBeInTheDocument();
    expect(within(header).getByText('Featured')).toBeInTheDocument();
    expect(within(header).getByText('@momentum_masters')).toBeInTheDocument();
    expect(within(header).getByText('1,234 subscribers')).toBeInTheDocument();
    expect(within(header).getByText('56 likes')).toBeInTheDocument();
    expect(screen.getByTestId('trace-banner')).toBeInTheDocument();

    // The public view is its own chunk: it follows the header once loaded.
    expect(await screen.findByText('Ten years of momentum trading.')).toBeInTheDocument();
    const focus = screen.getByRole('region', { name: 'Trading Focus' });
    expect(
      within(focus)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Swing Trading', 'Options']);

    const stats = screen.getByRole('region', { name: 'Performance' });
    const figure = (label: string) => within(stats).getByText(label).nextElementSibling;
    expect(figure('Win Rate')).toHaveTextContent('72.5%');
    expect(figure('Monthly Return')).toHaveTextContent('+12.30%');
    expect(figure('Monthly Return')).toHaveClass('gain');
    expect(figure('Total Return')).toHaveTextContent('-5.00%');
    expect(figure('Total Return')).toHaveClass('loss');
    expect(figure('Max Drawdown')).toHaveTextContent('-8.20%');
    expect(figure('Total Trades')).toHaveTextContent('40');
    expect(figure('Profitable Trades')).toHaveTextContent('29');
    expect(figure('Avg Trade Size')).toHaveTextContent('$2,500.50');
    expect(figure('Risk Level')).toHaveTextContent('Medium risk');
    expect(figure('Min Investment')).toHaveTextContent('$1,000.00');

    // The first tier's price per month, and the beta's free access.
    const card = screen.getByRole('region', { name: 'Beta Access' });
    expect(await within(card).findByText('$19.99')).toBeInTheDocument();
    expect(within(card).getByText('per month')).toBeInTheDocument();
    expect(within(card).getByText('Basic tier')).toBeInTheDocument();
    expect(within(card).getByText(/without payment/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeEnabled();

    const preview = screen.getByRole('region', { name: 'Free Preview' });
    expect(within(preview).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Risk Disclaimer' })).toHaveTextContent(/substantial risk of loss/);

    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
    expect(api.callsTo(tradesPath)).toHaveLength(0);
  });

  it('shows-only-public-posts-in-the-preview', async () => {
    mockTracePage({ trace: buildTrace({ posts: [post('secret', { isPublic: false }), post('open')] }) });
    renderApp(`/trace/${TRACE_ID}`);
    const preview = await screen.findByRole('region', { name: 'Free Preview' });
    expect(within(preview).getByText('Post open')).toBeInTheDocument();
    expect(within(preview).queryByText('Post secret')).not.toBeInTheDocument();
  });

  it('disables-subscribe-when-the-trace-has-no-tiers', async () => {
    const api = mockTracePage({ tiers: [] });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}`);
    const card = await screen.findByRole('region', { name: 'Beta Access' });
    expect(await within(card).findByText(/no subscription tiers yet/)).toBeInTheDocument();
    const button = within(card).getByRole('button', { name: 'Subscribe' });
    expect(button).toBeDisabled();
    await actor.click(button);
    expect(api.callsTo('POST /api/subscribe')).toHaveLength(0);
  });
});

describe('full view', () => {
  it('shows-the-tabs-and-the-open-trades-of-the-fallback-list-to-a-subscriber', async () => {
    const api = mockTracePage({
      trace: buildTrace({ viewer: SUBSCRIBER }),
      trades: [
        trade('t-open'),
        trade('t-loss', { symbol: 'TSLA', side: 'sell', unrealizedPnl: -42.5 }),
        trade('t-closed', { symbol: 'AMD', status: 'closed', realizedPnl: 80 }),
      ],
    });
    renderApp(`/trace/${TRACE_ID}`);

    const tabs = await screen.findByRole('tablist', { name: 'Trace sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Live Trades', 'Past Trades', 'Posts & Analysis', 'Analytics']);

    const table = await screen.findByRole('table', { name: 'Live Trades' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(table).queryByText('AMD')).not.toBeInTheDocument();
    const [nvda, tsla] = rows as [HTMLElement, HTMLElement];
    expect(within(nvda).getByText('+$125.00')).toHaveClass('gain');
    expect(within(tsla).getByText('-$42.50')).toHaveClass('loss');
    expect(within(nvda).getByText('$100.00')).toBeInTheDocument();
    expect(within(nvda).getByText('$112.50')).toBeInTheDocument();
    expect(within(nvda).getByText('Breakout')).toBeInTheDocument();
    expect(within(nvda).getByText('High')).toBeInTheDocument();
    // Live trades can be copied: once the read of the user's copy says there is none, the button is enabled.
    const copy = within(nvda).getByRole('button', { name: 'Copy Trade NVDA' });
    await waitFor(() => expect(copy).toBeEnabled());
    expect(within(tsla).getByRole('button', { name: 'Copy Trade TSLA' })).toBeInTheDocument();

    expect(tradeCalls(api.fetchMock)).toEqual([{ search: '?limit=20', userId: user.id }]);
    const header = screen.getByRole('region', { name: 'Momentum Masters' });
    expect(within(header).getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
    expect(within(header).getByText(/Subscribed · Basic/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Beta Access' })).not.toBeInTheDocument();
  });

  it('refreshes-the-trades-every-30-seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockTracePage({ trace: buildTrace({ viewer: SUBSCRIBER }), trades: [trade('t-open')] });
    renderApp(`/trace/${TRACE_ID}`, { advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('table', { name: 'Live Trades' });
    expect(api.callsTo(tradesPath)).toHaveLength(1);
    api.set(tradesPath, { body: { success: true, trades: [trade('t-open'), trade('t-new', { symbol: 'META' })] } });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.callsTo(tradesPath)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await screen.findByText('META')).toBeInTheDocument();
    expect(api.callsTo(tradesPath)).toHaveLength(2);
  });

  it('gives-owners-the-manage-link-the-owner-list-and-no-unsubscribe', async () => {
    const api = mockTracePage({ trace: buildTrace({ viewer: OWNER }), trades: [trade('t-open')] });
    renderApp(`/trace/${TRACE_ID}`);
    const header = await screen.findByRole('region', { name: 'Momentum Masters' });
    expect(within(header).getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      `/trace/${TRACE_ID}/dashboard`,
    );
    await screen.findByRole('table', { name: 'Live Trades' });
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(tradeCalls(api.fetchMock)).toEqual([{ search: '?limit=50&includeRealtimeData=true', userId: user.id }]);
  });

  it('gives-a-subscriber-their-copy-guards-for-the-trace-and-pauses-it', async () => {
    const guards = { ...NO_GUARDS, stopLossPercent: 20 };
    const api = mockTracePage({ trace: buildTrace({ viewer: SUBSCRIBER }) });
    api.set(guardsPath, { body: { success: true, traceGuards: guards } });
    api.set(`POST /api/copy-guards/traces/${TRACE_ID}/pause`, {
      body: { success: true, traceGuards: { ...guards, autoCopyPaused: true, pausedReason: 'user' } },
    });
    const view = renderApp(`/trace/${TRACE_ID}`);
    const card = await screen.findByRole('region', { name: 'Your Copy Guards' });
    expect(await within(card).findByLabelText('Copy stop-loss (%)')).toHaveValue(20);
    await view.user.click(within(card).getByRole('button', { name: 'Pause automatic copying' }));
    expect(await within(card).findByText('Paused by you')).toBeInTheDocument();
  });

  it('gives-the-owner-no-copy-guards-for-their-own-trace', async () => {
    const owner = mockTracePage({ trace: buildTrace({ viewer: OWNER }) });
    renderApp(`/trace/${TRACE_ID}`);
    await screen.findByRole('tablist', { name: 'Trace sections' });
    expect(screen.queryByRole('region', { name: 'Your Copy Guards' })).not.toBeInTheDocument();
    expect(owner.callsTo(guardsPath)).toHaveLength(0);
  });

  it('lists-closed-trades-with-realized-pnl-in-past-trades', async () => {
    const api = mockTracePage({
      trace: buildTrace({ viewer: SUBSCRIBER }),
      trades: [
        trade('t-closed', {
          symbol: 'AMD',
          status: 'closed',
          closedAt: '2026-03-05T15:00:00.000Z',
          unrealizedPnl: 0,
          realizedPnl: -80.25,
        }),
      ],
    });
    const { user: actor, location } = renderApp(`/trace/${TRACE_ID}`);
    await actor.click(await screen.findByRole('tab', { name: 'Past Trades' }));
    const table = await screen.findByRole('table', { name: 'Past Trades' });
    expect(within(table).getByText('-$80.25')).toHaveClass('loss');
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Exit Price' })).toBeInTheDocument();
    expect(location().search).toBe('?tab=past');
    expect(tradeCalls(api.fetchMock).at(-1)).toEqual({ search: '?limit=20&status=closed', userId: user.id });
  });

  it('shows-options-prices-per-contract-stored-hundredths-divided-by-100', async () => {
    mockTracePage({
      trace: buildTrace({ viewer: SUBSCRIBER }),
      trades: [
        trade('t-option', {
          symbol: 'AAPL',
          isOptions: true,
          optionType: 'call',
          optionsTicker: 'AAPL  260320C00190000',
          strikePrice: 190,
          expirationDate: '2026-03-20',
          contractMultiplier: 100,
          quantity: 3,
          price: 1250,
          currentPrice: 1575,
          unrealizedPnl: 9.75,
        }),
      ],
    });
    renderApp(`/trace/${TRACE_ID}`);
    const table = await screen.findByRole('table', { name: 'Live Trades' });
    const row = within(table).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('$12.50/contract');
    expect(cells[4]).toHaveTextContent('$15.75/contract');
    expect(row).not.toHaveTextContent('$1,250.00');
    expect(within(row).getByText('CALL · Strike $190.00 · Exp Mar 20, 2026')).toBeInTheDocument();
    expect(within(row).getByText('+$9.75')).toHaveClass('gain');
  });

  it('shows-every-post-in-posts-and-analysis-and-an-empty-state-without-trades', async () => {
    mockTracePage({
      trace: buildTrace({ viewer: SUBSCRIBER, posts: [post('a'), post('b', { isPublic: false, isPinned: true })] }),
    });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}`);
    expect(await screen.findByText('No open trades')).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'Posts & Analysis' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Posts & Analysis' });
    const titles = within(panel)
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent);
    expect(titles).toEqual(['Post b', 'Post a']);
    expect(within(panel).getByText('Subscribers only')).toBeInTheDocument();
  });

  it('shows-the-analytics-empty-state-without-closed-trades', async () => {
    mockTracePage({ trace: buildTrace({ viewer: SUBSCRIBER }), trades: [] });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}?tab=analytics`);
    expect(await screen.findByText('No closed trades yet')).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'Live Trades' }));
    expect(await screen.findByText('No open trades')).toBeInTheDocument();
  });

  it('charts-the-cumulative-and-monthly-realized-pnl-of-closed-trades', async () => {
    const api = mockTracePage({
      trace: buildTrace({ viewer: SUBSCRIBER }),
      trades: [
        trade('c1', { status: 'closed', closedAt: '2026-01-10T15:00:00.000Z', realizedPnl: 100 }),
        trade('c2', { status: 'closed', closedAt: '2026-03-10T15:00:00.000Z', realizedPnl: -40 }),
        trade('c3', { status: 'closed', closedAt: '2026-03-20T15:00:00.000Z', realizedPnl: 15.5 }),
      ],
    });
    renderApp(`/trace/${TRACE_ID}?tab=analytics`);
    const panel = await screen.findByRole('tabpanel', { name: 'Analytics' });
    const figure = async (label: string) =>
      (await within(panel).findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await figure('Realized P&L')).toHaveTextContent('+$75.50');
    expect(await figure('Closed trades')).toHaveTextContent('3');
    expect(await figure('Best month')).toHaveTextContent('+$100.00 Jan 2026');
    expect(await figure('Worst month')).toHaveTextContent('-$24.50 Mar 2026');
    expect(within(panel).getByRole('img', { name: 'Cumulative Return chart' })).toBeInTheDocument();
    const monthly = within(panel).getByRole('img', { name: 'Monthly Returns chart' });
    expect(monthly.closest('figure')).toHaveAccessibleDescription(
      'Jan 2026: +$100.00; Feb 2026: $0.00; Mar 2026: -$24.50',
    );
    // Plain DOM queries: role queries over the drawn charts are slow.
    const months = panel.querySelector('details table[aria-label="Monthly figures"]')!;
    expect([...months.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual([
      'Mar 20262-$24.50+$75.50',
      'Feb 20260$0.00+$100.00',
      'Jan 20261+$100.00+$100.00',
    ]);
    expect(tradeCalls(api.fetchMock)).toEqual([{ search: '?limit=100&status=closed', userId: user.id }]);
  });
});

describe('subscribe and unsubscribe', () => {
  it('subscribes-with-the-first-tier-then-refreshes-the-sidebar-list-and-shows-the-full-view', async () => {
    const api = mockTracePage();
    api.set('POST /api/subscribe', () => {
      api.set(tracePath, { body: { success: true, trace: buildTrace({ viewer: SUBSCRIBER }) } });
      return { body: { success: true, message: 'Subscribed successfully', subscription: {} } };
    });
    const { user: actor, queryClient } = renderApp(`/trace/${TRACE_ID}`);
    const card = await screen.findByRole('region', { name: 'Beta Access' });
    await within(card).findByText('$0.00');
    await waitFor(() => expect(api.callsTo(subscriptionsPath)).toHaveLength(1));

    await actor.click(within(card).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('tablist', { name: 'Trace sections' })).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/subscribe');
    expect(call?.body).toEqual({ userId: user.id, traceId: TRACE_ID, tierId: 'tier-free' });
    await waitFor(() => expect(api.callsTo(subscriptionsPath)).toHaveLength(2));
    expect(queryClient.getQueryState(tracesKeys.subscriptions(user.id))?.isInvalidated).toBe(false);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it('treats-already-subscribed-as-success-and-refreshes-the-lists-and-page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockTracePage();
    api.set('POST /api/subscribe', () => {
      api.set(tracePath, { body: { success: true, trace: buildTrace({ viewer: SUBSCRIBER }) } });
      return {
        status: 409,
        body: errorBody('ALREADY_SUBSCRIBED', 'User already has a subscription to this trace'),
      };
    });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}`);
    const card = await screen.findByRole('region', { name: 'Beta Access' });
    await within(card).findByText('$0.00');
    await waitFor(() => expect(api.callsTo(subscriptionsPath)).toHaveLength(1));
    const traceReads = api.callsTo(tracePath).length;

    await actor.click(within(card).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('tablist', { name: 'Trace sections' })).toBeInTheDocument();
    expect(api.callsTo(tracePath).length).toBeGreaterThan(traceReads);
    await waitFor(() => expect(api.callsTo(subscriptionsPath)).toHaveLength(2));
    expect(errors).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('only-logs-a-failed-subscribe', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockTracePage();
    api.set('POST /api/subscribe', { status: 429, body: errorBody('RATE_LIMITED', 'Too many requests') });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}`);
    const card = await screen.findByRole('region', { name: 'Beta Access' });
    await within(card).findByText('$0.00');
    await actor.click(within(card).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to subscribe to the trace', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Too many requests')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('throttles-subscribe-and-unsubscribe-to-one-per-2-seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
    const api = mockTracePage();
    api.set('POST /api/subscribe', () => {
      api.set(tracePath, { body: { success: true, trace: buildTrace({ viewer: SUBSCRIBER }) } });
      return { body: { success: true, message: 'Subscribed successfully', subscription: {} } };
    });
    api.set('POST /api/unsubscribe', () => {
      api.set(tracePath, { body: { success: true, trace: buildTrace() } });
      return { body: { success: true, message: 'Unsubscribed successfully' } };
    });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}`);
    const card = await screen.findByRole('region', { name: 'Beta Access' });
    await within(card).findByText('$0.00');
    await actor.click(within(card).getByRole('button', { name: 'Subscribe' }));
    const unsubscribe = await screen.findByRole('button', { name: 'Unsubscribe' });

    // 1.9 s after the subscribe: ignored.
    vi.setSystemTime(new Date('2026-03-01T12:00:01.900Z'));
    await actor.click(unsubscribe);
    expect(api.callsTo('POST /api/unsubscribe')).toHaveLength(0);
    expect(screen.getByRole('tablist', { name: 'Trace sections' })).toBeInTheDocument();

    // 2 s after it: goes through, and the page turns back to the public view.
    vi.setSystemTime(new Date('2026-03-01T12:00:02.000Z'));
    await actor.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('region', { name: 'Beta Access' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/unsubscribe')).toHaveLength(1);
    expect(api.callsTo('POST /api/unsubscribe')[0]?.body).toEqual({ userId: user.id, traceId: TRACE_ID });

    // And a quick second subscribe right after is ignored too.
    await actor.click(
      within(screen.getByRole('region', { name: 'Beta Access' })).getByRole('button', { name: 'Subscribe' }),
    );
    expect(api.callsTo('POST /api/subscribe')).toHaveLength(1);
  });
});
