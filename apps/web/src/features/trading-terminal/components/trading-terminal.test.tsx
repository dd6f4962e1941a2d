import type { CopyInstanceView, LivePositionView, SubscriptionView, UserView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCopyTradeDialog, loadSellCopyDialog } from '@/app/copy-dialog-loaders';
import { applyAppLiveEvent } from '@/app/live-events';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse, type RecordedCall } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { STOCK_CONTRACT } from '@/testing/trace-fixtures';

const NOW = Date.now();
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

const connected = buildUser({
  id: 'user-1',
  snaptradeUserId: 'st-user',
  snaptradeUserSecret: 'secret',
  brokerageConnected: true,
});
const unlinked = buildUser({ id: 'user-1', brokerageConnected: false });

const POSITIONS = 'GET /api/trading-terminal/live-positions';
const SUBSCRIPTIONS = `GET /api/subscriptions/${connected.id}`;

function subscription(
  traceId: string,
  name: string,
  handle = name.toLowerCase().replace(/\s+/g, '_'),
): SubscriptionView {
  return {
    id: `sub-${traceId}`,
    traceId,
    status: 'active',
    tier: { id: `tier-${traceId}`, name: 'basic', canCopyTrades: true },
    trace: { name, handle, avatar: null },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const momentum = subscription('trace-1', 'Momentum Masters');
const steady = subscription('trace-2', 'Steady Income');

function position(overrides: Partial<LivePositionView> = {}): LivePositionView {
  return {
    id: 'trade-1',
    tracerName: 'Momentum Masters',
    tracerHandle: 'momentum_masters',
    avatarSrc: null,
    trader: { id: 'owner-1', username: 'momo' },
    symbol: 'NVDA',
    side: 'buy',
    quantity: 10,
    price: 100,
    currentPrice: 112.5,
    priceSource: 'quote',
    pnl: 125,
    isProfit: true,
    executedAt: hoursAgo(2),
    confidence: 'High',
    strategy: 'Breakout',
    traceId: 'trace-1',
    tier: 'basic',
    ...STOCK_CONTRACT,
    lastSyncedAt: hoursAgo(0),
    notes: null,
    tags: [],
    copyCount: 3,
    copiedByUsers: 3,
    activeCopies: 2,
    hasUserCopied: false,
    copyInstances: [],
    ...overrides,
  };
}

const nvda = position();
const tsla = position({
  id: 'trade-2',
  symbol: 'TSLA',
  side: 'sell',
  price: 250,
  currentPrice: 260,
  pnl: -50.5,
  isProfit: false,
  executedAt: hoursAgo(48),
});
const aapl = position({
  id: 'trade-3',
  symbol: 'AAPL',
  tracerName: 'Steady Income',
  tracerHandle: 'steady_income',
  trader: { id: 'owner-2', username: 'steady' },
  traceId: 'trace-2',
  price: 180,
  currentPrice: 190,
  pnl: 100,
  executedAt: hoursAgo(1),
});
/** A trade of a trace the user owns, not subscribes to: the server answers it, the feed leaves it out. */
const owned = position({
  id: 'trade-own',
  symbol: 'OWNED',
  tracerName: 'My Own Trace',
  tracerHandle: 'mine',
  traceId: 'trace-own',
  executedAt: hoursAgo(0.5),
});

const answer = (
  positions: LivePositionView[],
  extra: { error?: string | null; apiWarnings?: string[] } = {},
): MockResponse => ({
  body: { success: true, positions, error: extra.error ?? null, apiWarnings: extra.apiWarnings ?? [] },
});

function mockTerminal({
  user = connected,
  positions = answer([nvda, tsla, aapl, owned]) as
    MockResponse | ((call: RecordedCall) => MockResponse | Promise<MockResponse>),
  subscriptions = [momentum, steady],
  extra = {},
}: {
  user?: UserView;
  positions?: MockResponse | ((call: RecordedCall) => MockResponse | Promise<MockResponse>);
  subscriptions?: SubscriptionView[];
  extra?: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)>;
} = {}) {
  return mockApi({
    ...signedInAs(user),
    [SUBSCRIPTIONS]: { body: { success: true, subscriptions } },
    [POSITIONS]: positions,
    ...extra,
  });
}

const feed = () => screen.findByRole('region', { name: 'Live Positions' });
const cards = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const card = (container: HTMLElement, symbol: string) => within(container).getByRole('article', { name: symbol });
const figure = (element: HTMLElement, label: string) =>
  within(element).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/app/trading-terminal'),
    import('@/app/routes/app/root'),
    loadCopyTradeDialog(),
    loadSellCopyDialog(),
  ]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('trading terminal', () => {
  it('shows-a-skeleton-then-only-the-subscribed-traces-positions-newest-first-with-their-figures', async () => {
    const held = deferred<MockResponse>();
    const api = mockTerminal({ positions: () => held.promise });
    renderApp('/trading-terminal');
    expect(await screen.findByRole('heading', { name: 'Trading Terminal', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Loading live positions...')).toBeInTheDocument();
    held.resolve(answer([nvda, tsla, aapl, owned]));
    const list = await feed();
    expect(screen.queryByText('Loading live positions...')).not.toBeInTheDocument();
    await waitFor(() => expect(cards(list)).toEqual(['AAPL', 'NVDA', 'TSLA']));
    // The owner's own trace is not a subscription: left out by the client-side filter.
    expect(within(list).queryByText('OWNED')).not.toBeInTheDocument();

    // The documented call: the user id as a bearer value.
    const [call] = api.callsTo(POSITIONS);
    expect(call!.headers.get('Authorization')).toBe(`Bearer ${connected.id}`);

    const first = card(list, 'NVDA');
    expect(within(first).getByRole('link', { name: 'Momentum Masters' })).toHaveAttribute('href', '/trace/trace-1');
    expect(within(first).getByText('@momentum_masters')).toBeInTheDocument();
    expect(within(first).getByText('Buy')).toBeInTheDocument();
    expect(figure(first, 'Entry')).toHaveTextContent('$100.00');
    expect(figure(first, 'Current')).toHaveTextContent('$112.50');
    expect(figure(first, 'P&L')).toHaveTextContent('+$125.00');
    expect(figure(first, 'P&L')).toHaveClass('gain');
    expect(within(first).getByText('3 copies · 2 active')).toBeInTheDocument();
    expect(figure(card(list, 'TSLA'), 'P&L')).toHaveTextContent('-$50.50');
    expect(figure(card(list, 'TSLA'), 'P&L')).toHaveClass('loss');
    expect(screen.getByText(/refreshes every 30 s/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trading Terminal · CopyTrade'));
  });

  it('shows-options-prices-per-contract-stored-hundredths-divided-by-100-with-type-strike-and-expiry', async () => {
    mockTerminal({
      positions: answer([
        position({
          symbol: 'AAPL',
          isOptions: true,
          optionType: 'call',
          strikePrice: 150,
          expirationDate: '2026-12-18',
          contractMultiplier: 100,
          price: 520,
          currentPrice: 610,
        }),
      ]),
    });
    renderApp('/trading-terminal');
    const list = await feed();
    const option = await within(list).findByRole('article', { name: 'AAPL' });
    expect(within(option).getByText('CALL · Strike $150.00 · Exp Dec 18, 2026')).toBeInTheDocument();
    expect(figure(option, 'Entry')).toHaveTextContent('$5.20/contract');
    expect(figure(option, 'Current')).toHaveTextContent('$6.10/contract');
  });

  it('shows-the-portfolio-overview-figures-and-per-trader-cards-when-more-than-one-trader-is-followed', async () => {
    mockTerminal();
    renderApp('/trading-terminal');
    const overview = await screen.findByRole('region', { name: 'Portfolio Overview' });
    // 2 of 3 positions profitable; 125 − 50.50 + 100.
    expect(figure(overview, 'Win Rate')).toHaveTextContent(/^66\.7%$/);
    expect(figure(overview, 'Total Return')).toHaveTextContent('+$174.50');
    expect(figure(overview, 'Total Return')).toHaveClass('gain');
    expect(figure(overview, 'Active Positions')).toHaveTextContent(/^3$/);
    expect(figure(overview, 'Subscriptions')).toHaveTextContent(/^2$/);

    const traders = screen.getByRole('region', { name: 'Your Traders' });
    const items = within(traders).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Momentum Masters' })).toBeInTheDocument();
    expect(figure(items[0]!, 'Positions')).toHaveTextContent(/^2$/);
    expect(figure(items[0]!, 'Win Rate')).toHaveTextContent('50.0%');
    expect(figure(items[0]!, 'P&L')).toHaveTextContent('+$74.50');
    expect(figure(items[1]!, 'Positions')).toHaveTextContent(/^1$/);
    expect(figure(items[1]!, 'Win Rate')).toHaveTextContent('100.0%');
  });

  it('leaves-out-per-trader-cards-with-one-trader-followed', async () => {
    mockTerminal({ subscriptions: [momentum] });
    renderApp('/trading-terminal');
    const overview = await screen.findByRole('region', { name: 'Portfolio Overview' });
    expect(figure(overview, 'Subscriptions')).toHaveTextContent(/^1$/);
    expect(figure(overview, 'Active Positions')).toHaveTextContent(/^2$/);
    expect(figure(overview, 'Win Rate')).toHaveTextContent(/^50\.0%$/);
    expect(screen.queryByRole('region', { name: 'Your Traders' })).not.toBeInTheDocument();
  });

  it('shows-the-first-3-traders-in-the-strip-plus-n-more', async () => {
    const followed = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name, index) =>
      subscription(`trace-s${index}`, name),
    );
    mockTerminal({ subscriptions: followed, positions: answer([position({ traceId: 'trace-s1' })]) });
    renderApp('/trading-terminal');
    const strip = await screen.findByRole('navigation', { name: 'Live traders' });
    expect(
      within(strip)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['AAlpha0 positions', 'BBravo1 position', 'CCharlie0 positions']);
    expect(within(strip).getByText('+2 more')).toBeInTheDocument();
    expect(within(strip).queryByText('Delta')).not.toBeInTheDocument();
  });

  it('shows-no-more-count-with-3-traders-or-fewer', async () => {
    mockTerminal();
    renderApp('/trading-terminal');
    const strip = await screen.findByRole('navigation', { name: 'Live traders' });
    expect(within(strip).getAllByRole('link')).toHaveLength(2);
    expect(within(strip).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('searches-by-symbol-or-trader-and-filters-recent-and-profitable', async () => {
    const view = renderApp('/trading-terminal');
    mockTerminal();
    const list = await feed();
    await waitFor(() => expect(cards(list)).toHaveLength(3));
    const search = within(list).getByRole('searchbox', { name: 'Search by symbol or trader' });

    await view.user.type(search, 'tsl');
    expect(cards(list)).toEqual(['TSLA']);
    await view.user.clear(search);
    await view.user.type(search, 'steady');
    expect(cards(list)).toEqual(['AAPL']);
    await view.user.clear(search);
    // The trader's username and the handle with its '@' match too.
    await view.user.type(search, 'momo');
    expect(cards(list)).toEqual(['NVDA', 'TSLA']);
    await view.user.clear(search);
    await view.user.type(search, '@steady_income');
    expect(cards(list)).toEqual(['AAPL']);
    await view.user.clear(search);
    await view.user.type(search, 'zzz');
    expect(within(list).getByText('No matching positions')).toBeInTheDocument();
    await view.user.clear(search);

    const filters = within(list).getByRole('group', { name: 'Filter positions' });
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await view.user.click(within(filters).getByRole('button', { name: 'Recent' }));
    expect(within(filters).getByRole('button', { name: 'Recent' })).toHaveAttribute('aria-pressed', 'true');
    // TSLA was opened 2 days ago.
    expect(cards(list)).toEqual(['AAPL', 'NVDA']);
    await view.user.click(within(filters).getByRole('button', { name: 'Profitable' }));
    expect(cards(list)).toEqual(['AAPL', 'NVDA']);
    await view.user.type(search, 'nv');
    expect(cards(list)).toEqual(['NVDA']);
    await view.user.click(within(filters).getByRole('button', { name: 'All' }));
    await view.user.clear(search);
    expect(cards(list)).toEqual(['AAPL', 'NVDA', 'TSLA']);
  });

  it('shows-the-empty-state-without-positions-and-the-discovery-link-without-subscriptions', async () => {
    const api = mockTerminal({ positions: answer([owned]) });
    const view = renderApp('/trading-terminal');
    const list = await feed();
    expect(within(list).getByText('No live positions')).toBeInTheDocument();
    expect(within(list).getByText(/Open trades shared by the traders you subscribe to/)).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Discover Traders' })).not.toBeInTheDocument();
    view.unmount();

    api.set(SUBSCRIPTIONS, { body: { success: true, subscriptions: [] } });
    renderApp('/trading-terminal');
    const empty = await feed();
    expect(
      within(empty).getByText("You don't subscribe to any trader yet. Find one to follow in Discover Traders."),
    ).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Discover Traders' })).toHaveAttribute('href', '/discovery');
    expect(screen.queryByRole('navigation', { name: 'Live traders' })).not.toBeInTheDocument();
    const overview = screen.getByRole('region', { name: 'Portfolio Overview' });
    expect(figure(overview, 'Win Rate')).toHaveTextContent('0.0%');
    expect(figure(overview, 'Total Return')).toHaveTextContent('$0.00');
  });

  it('shows-an-error-with-retry-that-loads-the-feed-again', async () => {
    const api = mockTerminal({
      positions: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Copy engine unavailable') },
    });
    const view = renderApp('/trading-terminal');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load your live positions.");
    expect(screen.queryByRole('region', { name: 'Live Positions' })).not.toBeInTheDocument();
    api.set(POSITIONS, answer([nvda]));
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const list = await feed();
    expect(cards(list)).toEqual(['NVDA']);
  });

  it('shows-the-error-and-api-warnings-of-the-answer-above-the-feed', async () => {
    mockTerminal({
      positions: answer([position({ priceSource: 'trace' })], {
        error: 'Some prices could not be read from your brokerage.',
        apiWarnings: ['NVDA: quote unavailable, showing the last synced price'],
      }),
    });
    renderApp('/trading-terminal');
    const list = await feed();
    const warning = within(list).getByRole('status');
    expect(warning).toHaveTextContent('Some prices could not be updated');
    expect(warning).toHaveTextContent('Some prices could not be read from your brokerage.');
    expect(warning).toHaveTextContent('NVDA: quote unavailable, showing the last synced price');
    expect(figure(card(list, 'NVDA'), 'Current')).toHaveTextContent('Last synced price');
  });

  it('gives-users-without-a-brokerage-connect-brokerage-to-settings-instead-of-copy', async () => {
    mockTerminal({ user: unlinked });
    const view = renderApp('/trading-terminal');
    const list = await feed();
    await waitFor(() => expect(cards(list)).toHaveLength(3));
    expect(within(list).queryByRole('button', { name: /^Copy / })).not.toBeInTheDocument();
    const perPosition = within(card(list, 'NVDA')).getByRole('link', { name: 'Connect Brokerage to copy NVDA' });
    expect(perPosition).toHaveAttribute('href', '/settings');
    expect(perPosition).toHaveTextContent('Connect Brokerage');
    const banner = screen.getByText('Connect a brokerage to copy trades').closest('.alert') as HTMLElement;
    await view.user.click(within(banner).getByRole('link', { name: 'Connect Brokerage' }));
    expect(view.location().pathname).toBe('/settings');
  });

  it('shows-copied-and-sell-at-market-for-a-copied-position-and-copy-pending-until-filled', async () => {
    const open = {
      id: 'copy-1',
      status: 'open',
      heldQuantity: 5,
      copyQuantity: 5,
      copyEntryPrice: 255,
      copierCurrentPrice: 260,
      brokerageAccountId: 'acc-1',
      originalTrade: { id: tsla.id, symbol: 'TSLA', isOptions: false, type: 'sell' },
    } as CopyInstanceView;
    const pending = { id: 'copy-2', status: 'pending', heldQuantity: 0 } as CopyInstanceView;
    mockTerminal({
      positions: answer([
        nvda,
        { ...tsla, hasUserCopied: true, copyInstances: [open] },
        { ...aapl, hasUserCopied: true, copyInstances: [pending] },
      ]),
      extra: { [`GET /api/snaptrade/accounts/${connected.id}`]: { body: { success: true, accounts: [] } } },
    });
    const view = renderApp('/trading-terminal');
    const list = await feed();
    await waitFor(() => expect(cards(list)).toHaveLength(3));
    const copied = card(list, 'TSLA');
    expect(within(copied).getByText('Copied')).toBeInTheDocument();
    expect(within(copied).getByRole('button', { name: 'Sell @ Market TSLA' })).toHaveTextContent('Sell @ Market');
    expect(within(copied).queryByRole('button', { name: 'Copy TSLA' })).not.toBeInTheDocument();
    const waiting = card(list, 'AAPL');
    expect(within(waiting).getByText('Copy pending')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /Sell @ Market/ })).not.toBeInTheDocument();
    expect(within(card(list, 'NVDA')).getByRole('button', { name: 'Copy NVDA' })).toBeEnabled();

    // Sell @ Market opens the sell dialog for the copy that still holds units, starting at what it holds.
    await view.user.click(within(copied).getByRole('button', { name: 'Sell @ Market TSLA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell TSLA @ Market' });
    expect(within(dialog).getByRole('spinbutton')).toHaveValue(5);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('copies-a-position-with-the-copy-dialog-then-shows-copied-from-the-refreshed-feed', async () => {
    let copiedYet = false;
    const copy = {
      id: 'copy-1',
      status: 'open',
      heldQuantity: 10,
      copyQuantity: 10,
      copyAmount: 1125,
      copyEntryPrice: 112.5,
      receipt: { traderPrice: 112.5 },
    } as CopyInstanceView;
    const api = mockTerminal({
      positions: () => answer([copiedYet ? { ...nvda, hasUserCopied: true, copyInstances: [copy] } : nvda]),
      extra: {
        [`GET /api/snaptrade/accounts/${connected.id}`]: {
          body: {
            success: true,
            accounts: [
              { id: 'acc-1', name: 'Paper Trading', number: '****1234', balance: { total: null, buying_power: null } },
            ],
          },
        },
        'POST /api/snaptrade/copy-trade': () => {
          copiedYet = true;
          return {
            body: {
              success: true,
              status: 'filled',
              message: 'ok',
              requestId: 'r',
              replayed: false,
              order: { orderId: 'o-1', price: 112.5, quantity: 10, filledQuantity: 10, state: 'FILLED' },
              copyInstance: copy,
            },
          };
        },
        'POST /api/copy-trades/copy': { body: { success: true, copyInstance: copy } },
      },
    });
    const view = renderApp('/trading-terminal');
    const list = await feed();
    await view.user.click(await within(list).findByRole('button', { name: 'Copy NVDA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy NVDA Trade' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity (shares)' })).toHaveValue(10);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Brokerage Account' })).toHaveTextContent('Primary'),
    );
    await view.user.click(within(dialog).getByRole('checkbox', { name: /I understand that copying/ }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Copy Trade' }));
    expect(await screen.findByText('Trade Copied Successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/snaptrade/copy-trade')[0]!.body).toMatchObject({
      userId: connected.id,
      tradeId: nvda.id,
      accountId: 'acc-1',
      customQuantity: 10,
      confirmRisks: true,
      contractMultiplier: 1,
    });
    const copied = card(list, 'NVDA');
    expect(await within(copied).findByText('Copied')).toBeInTheDocument();
    expect(within(copied).getByRole('button', { name: 'Sell @ Market NVDA' })).toBeInTheDocument();
    expect(api.callsTo(POSITIONS).length).toBeGreaterThanOrEqual(2);
  });

  it('refreshes-every-30-seconds-and-at-once-on-the-live-push', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockTerminal({ positions: answer([nvda]) });
    const view = renderApp('/trading-terminal', { advanceTimers: vi.advanceTimersByTime });
    const list = await feed();
    await waitFor(() => expect(cards(list)).toEqual(['NVDA']));
    expect(api.callsTo(POSITIONS)).toHaveLength(1);

    api.set(POSITIONS, answer([nvda, aapl]));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.callsTo(POSITIONS)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_500);
    await waitFor(() => expect(cards(list)).toEqual(['AAPL', 'NVDA']));
    expect(api.callsTo(POSITIONS)).toHaveLength(2);

    // A trade shared by a followed trader arrives on the live push: the feed is read again at once.
    api.set(POSITIONS, answer([nvda, aapl, tsla]));
    await applyAppLiveEvent(view.queryClient, { type: 'trade.shared', data: { traceId: 'trace-1' } }, connected.id);
    await waitFor(() => expect(cards(list)).toEqual(['AAPL', 'NVDA', 'TSLA']));
    expect(api.callsTo(POSITIONS)).toHaveLength(3);
  });

  it('notifies-of-a-new-position-while-notifications-are-on-and-not-once-turned-off', async () => {
    const api = mockTerminal({ positions: answer([nvda]) });
    const view = renderApp('/trading-terminal');
    const list = await feed();
    await waitFor(() => expect(cards(list)).toEqual(['NVDA']));
    const toggle = screen.getByRole('switch', { name: 'Notifications' });
    expect(toggle).toBeChecked();
    // What is there on the first load is not news.
    expect(screen.queryByText(/^New position from/)).not.toBeInTheDocument();

    api.set(POSITIONS, answer([nvda, aapl]));
    await applyAppLiveEvent(view.queryClient, { type: 'trade.shared' }, connected.id);
    expect(await screen.findByText('New position from Steady Income')).toBeInTheDocument();
    expect(screen.getByText('Buy 10 AAPL')).toBeInTheDocument();

    await view.user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem('trading-terminal.notifications')).toBe('off');
    api.set(POSITIONS, answer([nvda, aapl, position({ id: 'trade-9', symbol: 'AMD' })]));
    await applyAppLiveEvent(view.queryClient, { type: 'trade.shared' }, connected.id);
    await waitFor(() => expect(cards(list)).toContain('AMD'));
    expect(screen.queryByText('Buy 10 AMD')).not.toBeInTheDocument();
  });
});
