import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// The chart itself (recharts, SVG) is covered by portfolio-value-chart.test.tsx and the browser test.
vi.mock('./portfolio-value-chart', () => ({
  default: ({ points }: { points: unknown[] }) => <div data-testid="chart-stub">{points.length} points</div>,
}));

const registered = buildUser({
  firstName: 'Ada',
  snaptradeUserId: 'st-user-1',
  snaptradeUserSecret: 'secret-1',
  snaptradeAccountIds: ['acc-1', 'acc-2'],
  brokerageConnected: true,
});

const money = (amount: number) => ({ amount, currency: 'USD' });

const account = (id: string, name: string) => ({
  id,
  connection_id: 'conn-1',
  name,
  number: `PA0000${id}`,
  institution_name: 'Webull',
  created_date: '2026-01-01T00:00:00.000Z',
  is_paper: true,
  status: 'open',
  balance: { total: money(0), buying_power: null },
});

const balances = (accountId: string, total: number, cash: number) => ({
  success: true,
  balances: {
    accountId,
    currency: 'USD',
    total_value: money(total),
    cash: money(cash),
    buying_power: money(cash),
    asOf: '2026-01-01T00:00:00.000Z',
  },
});

const position = (symbol: string) => ({
  symbol,
  description: null,
  quantity: 10,
  price: 100,
  value: 1000,
  averagePurchasePrice: 90,
  currency: 'USD',
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
});

/** Two linked accounts: 100,000.10 + 25,000.20 in value, 2 + 1 positions. */
function linkedRoutes(userId = registered.id): MockRoutes {
  return {
    [`GET /api/snaptrade/accounts/${userId}`]: {
      body: { success: true, accounts: [account('acc-1', 'Individual'), account('acc-2', 'Roth IRA')] },
    },
    [`GET /api/snaptrade/balances/acc-1/${userId}`]: { body: balances('acc-1', 100_000.1, 90_000.05) },
    [`GET /api/snaptrade/balances/acc-2/${userId}`]: { body: balances('acc-2', 25_000.2, 25_000.2) },
    [`GET /api/snaptrade/positions/acc-1/${userId}`]: {
      body: { success: true, positions: [position('AAPL'), position('MSFT')] },
    },
    [`GET /api/snaptrade/positions/acc-2/${userId}`]: { body: { success: true, positions: [position('SPY')] } },
    [`GET /api/snaptrade/orders/acc-1/${userId}`]: { body: { success: true, orders: [] } },
    [`GET /api/snaptrade/orders/acc-2/${userId}`]: { body: { success: true, orders: [] } },
    [`GET /api/snaptrade/portfolio-history/${userId}`]: {
      body: {
        success: true,
        currency: 'USD',
        bucketMinutes: 15,
        from: '2025-10-01T00:00:00.000Z',
        to: '2026-01-02T00:00:00.000Z',
        points: [
          { timestamp: '2026-01-01T14:00:00.000Z', totalValue: 120_000 },
          { timestamp: '2026-01-01T15:00:00.000Z', totalValue: 125_000.3 },
        ],
      },
    },
  };
}

const metrics = () => screen.getByRole('region', { name: 'Portfolio metrics' });
const metricValue = (label: string) => within(metrics()).getByRole('heading', { name: label }).closest('section')!;

afterEach(() => {
  vi.useRealTimers();
});

describe('dashboard without a brokerage link', () => {
  it('welcomes-by-first-name-and-shows-the-no-brokerage-alert-and-blurred-sample-figures', async () => {
    const api = mockApi(signedInAs(buildUser({ firstName: 'Grace' })));
    const { user, location } = renderApp('/dashboard');

    // The welcome line is the page's one h1; the small 'Dashboard' label above it is not a heading.
    expect(await screen.findByRole('heading', { name: 'Welcome back, Grace!', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByText('Connect your brokerage account to see real portfolio data.')).toBeInTheDocument();

    expect(within(metricValue('Portfolio Value')).getByText('$24,587')).toBeInTheDocument();
    expect(within(metricValue('Total Cash')).getByText('$12,450')).toBeInTheDocument();
    expect(within(metricValue('Total Positions')).getByText('8')).toBeInTheDocument();
    expect(within(metricValue('Brokerage Accounts')).getByText('0')).toBeInTheDocument();
    expect(metrics()).toHaveClass('metric-grid--sample');
    expect(metrics()).toHaveAccessibleDescription(/Sample figures/);

    // Not registered: no provider data is read.
    expect(api.calls.filter((call) => call.path.startsWith('/api/snaptrade/'))).toHaveLength(0);
    expect(screen.getByText('No performance data yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to Settings' }));
    expect(location().pathname).toBe('/settings');
  });

  it('falls-back-to-trader-without-a-first-name', async () => {
    mockApi(signedInAs(buildUser({ firstName: '  ' })));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Trader!' })).toBeInTheDocument();
  });

  it('lists-the-static-activity-and-the-account-summary', async () => {
    // The server says completed (the wizard is not shown) while the held user's flag still reads false.
    mockApi({
      ...signedInAs(buildUser({ autoSubscribedToTrader: false, hasCompletedOnboarding: false })),
      'POST /api/check-onboarding-status': { body: { success: true, completed: true } },
    });
    renderApp('/dashboard');
    const activity = await screen.findByRole('list', { name: 'Recent Activity' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.activity-list__title')?.textContent),
    ).toEqual(['Account created', 'Beta access granted', 'Welcome to CopyTrade']);

    const summary = screen.getByRole('heading', { name: 'Account Summary' }).closest('section')!;
    const row = (term: string) => within(summary).getByText(term).closest('div')!;
    expect(row('Beta Access')).toHaveTextContent('Active');
    expect(row('Onboarding')).toHaveTextContent('In Progress');
    expect(row('Brokerage')).toHaveTextContent('Not Connected');
    expect(row('Total Trades')).toHaveTextContent('0');
    expect(row('Total P&L')).toHaveTextContent('$0');
  });

  it('lists-the-auto-subscription-only-when-the-flag-is-set', async () => {
    mockApi(signedInAs(buildUser({ autoSubscribedToTrader: true })));
    renderApp('/dashboard');
    const activity = await screen.findByRole('list', { name: 'Recent Activity' });
    expect(within(activity).getByText('Auto-subscribed to the designated trader')).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'Account Summary' }).closest('section')!;
    expect(within(summary).getByText('Onboarding').closest('div')).toHaveTextContent('Complete');
  });

  it('shows-samples-and-the-alert-when-registered-without-accounts', async () => {
    mockApi({
      ...signedInAs({ ...registered, brokerageConnected: false }),
      [`GET /api/snaptrade/accounts/${registered.id}`]: { body: { success: true, accounts: [] } },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('$24,587')).toBeInTheDocument();
    expect(screen.getByText('Connect your brokerage account to see real portfolio data.')).toBeInTheDocument();
  });
});

describe('dashboard with a linked brokerage', () => {
  it('reads-accounts-first-then-every-account-and-shows-the-sums', async () => {
    const api = mockApi({ ...signedInAs(registered), ...linkedRoutes() });
    renderApp('/dashboard');

    expect(
      await within(await screen.findByRole('region', { name: 'Portfolio metrics' })).findByText('$125,000.30'),
    ).toBeInTheDocument();
    expect(within(metricValue('Total Cash')).getByText('$115,000.25')).toBeInTheDocument();
    expect(within(metricValue('Brokerage Accounts')).getByText('2')).toBeInTheDocument();
    expect(within(metricValue('Total Positions')).getByText('3')).toBeInTheDocument();
    expect(metrics()).not.toHaveClass('metric-grid--sample');
    expect(screen.queryByText('Connect your brokerage account to see real portfolio data.')).not.toBeInTheDocument();

    const providerCalls = api.calls.filter(
      (call) => call.path.startsWith('/api/snaptrade/') && !call.path.includes('portfolio-history'),
    );
    expect(providerCalls[0]!.path).toBe(`/api/snaptrade/accounts/${registered.id}`);
    expect(
      providerCalls
        .slice(1)
        .map((call) => call.path)
        .sort(),
    ).toEqual(
      [
        `/api/snaptrade/balances/acc-1/${registered.id}`,
        `/api/snaptrade/balances/acc-2/${registered.id}`,
        `/api/snaptrade/orders/acc-1/${registered.id}`,
        `/api/snaptrade/orders/acc-2/${registered.id}`,
        `/api/snaptrade/positions/acc-1/${registered.id}`,
        `/api/snaptrade/positions/acc-2/${registered.id}`,
      ].sort(),
    );

    const summary = screen.getByRole('heading', { name: 'Account Summary' }).closest('section')!;
    expect(within(summary).getByText('Brokerage').closest('div')).toHaveTextContent('Connected');
    expect(within(summary).getByText('Brokerage').closest('div')).not.toHaveTextContent('Not Connected');
  });

  it('charts-the-portfolio-value-over-time', async () => {
    mockApi({ ...signedInAs(registered), ...linkedRoutes() });
    renderApp('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Performance Overview' })).closest('section')!;
    const figure = await within(card).findByRole('figure');
    expect(figure).toHaveAccessibleDescription(
      /from \$120,000\.00 .* to \$125,000\.30 .* a change of \+\$5,000\.30 \(\+4\.17%\)/,
    );
    expect(within(card).getByText('$125,000.30')).toBeInTheDocument();
    expect(await within(card).findByTestId('chart-stub')).toHaveTextContent('2 points');
  });

  it('shows-the-single-reading-with-a-note-instead-of-a-lone-dot', async () => {
    mockApi({
      ...signedInAs(registered),
      ...linkedRoutes(),
      [`GET /api/snaptrade/portfolio-history/${registered.id}`]: {
        body: {
          success: true,
          currency: 'USD',
          bucketMinutes: 15,
          from: 'x',
          to: 'y',
          points: [{ timestamp: '2026-01-01T14:00:00.000Z', totalValue: 125_000.3 }],
        },
      },
    });
    renderApp('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Performance Overview' })).closest('section')!;
    expect(await within(card).findByText('One reading so far')).toBeInTheDocument();
    expect(within(card).getAllByText('$125,000.30').length).toBeGreaterThan(0);
    expect(within(card).getByText(/Recorded Jan 1, 2026.*The line starts with the next reading/)).toBeInTheDocument();
    expect(within(card).queryByTestId('chart-stub')).not.toBeInTheDocument();
  });

  it('ends-the-history-skeleton-in-an-error-when-the-accounts-call-fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({
      ...signedInAs(registered),
      ...linkedRoutes(),
      [`GET /api/snaptrade/accounts/${registered.id}`]: {
        status: 503,
        body: errorBody('PROVIDER_UNAVAILABLE', 'Down'),
      },
    });
    const { user } = renderApp('/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Performance Overview' })).closest('section')!;
    expect(await within(card).findByRole('alert')).toHaveTextContent("Couldn't load the performance history.");
    expect(within(card).queryByText('Loading performance history...')).not.toBeInTheDocument();

    // The metric cards' Retry reads the accounts again; the chart follows.
    api.set(`GET /api/snaptrade/accounts/${registered.id}`, {
      body: { success: true, accounts: [account('acc-1', 'Individual'), account('acc-2', 'Roth IRA')] },
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByTestId('chart-stub')).toHaveTextContent('2 points');
  });

  it('colours-the-change-as-a-gain', async () => {
    mockApi({ ...signedInAs(registered), ...linkedRoutes() });
    renderApp('/dashboard');
    const change = await screen.findByText('+$5,000.30 (+4.17%)');
    expect(change).toHaveClass('gain');
  });

  it('shows-the-empty-history-state', async () => {
    mockApi({
      ...signedInAs(registered),
      ...linkedRoutes(),
      [`GET /api/snaptrade/portfolio-history/${registered.id}`]: {
        body: { success: true, currency: 'USD', bucketMinutes: 15, from: 'x', to: 'y', points: [] },
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('No performance history yet')).toBeInTheDocument();
  });

  it('shows-failed-to-fetch-snaptrade-data-and-retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({
      ...signedInAs(registered),
      ...linkedRoutes(),
      [`GET /api/snaptrade/balances/acc-2/${registered.id}`]: {
        status: 503,
        body: errorBody('PROVIDER_UNAVAILABLE', 'Down'),
      },
    });
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Failed to fetch SnapTrade data')).toBeInTheDocument();

    api.set(`GET /api/snaptrade/balances/acc-2/${registered.id}`, { body: balances('acc-2', 25_000.2, 25_000.2) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('$125,000.30', { selector: '.metric-card__value' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch SnapTrade data')).not.toBeInTheDocument();
  });

  it('refreshes-every-five-minutes-while-registered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ ...signedInAs(registered), ...linkedRoutes() });
    renderApp('/dashboard', { advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByText('$125,000.30', { selector: '.metric-card__value' })).toBeInTheDocument();
    const accountsKey = `GET /api/snaptrade/accounts/${registered.id}`;
    expect(api.callsTo(accountsKey)).toHaveLength(1);

    api.set(`GET /api/snaptrade/balances/acc-1/${registered.id}`, { body: balances('acc-1', 110_000.1, 90_000.05) });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * 60 * 1000);
    });
    expect(api.callsTo(accountsKey)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60 * 1000 + 50);
    });
    await waitFor(() => expect(api.callsTo(accountsKey)).toHaveLength(2));
    expect(await screen.findByText('$135,000.30', { selector: '.metric-card__value' })).toBeInTheDocument();
  });
});
