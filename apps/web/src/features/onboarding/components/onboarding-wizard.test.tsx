import type { OnboardingTraderView, UserView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authKeys, type Session } from '@/lib/auth';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse, type MockRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const newcomer = buildUser({ id: 'user-new', username: 'nina_m', firstName: 'Nina', hasCompletedOnboarding: false });
const registeredNewcomer = buildUser({
  ...newcomer,
  snaptradeUserId: 'st-user-new',
  snaptradeUserSecret: 'secret-new',
});

const TRACE_ID = '7b0f8f0e-1c1a-4c55-9d59-3d8c1a0b2c11';

const designated = (overrides: Partial<OnboardingTraderView> = {}): OnboardingTraderView => ({
  id: TRACE_ID,
  name: 'Momentum Masters',
  handle: 'momentum_masters',
  avatar: null,
  isVerified: true,
  winRate: 68.5,
  monthlyReturn: 12.4,
  subscriberCount: 1234,
  description: 'Large-cap momentum swings, held for days.',
  bio: '',
  trades: [
    { symbol: 'NVDA', side: 'buy', price: 120.5, unrealizedPnl: 340.25, executedAt: '2026-01-05T14:30:00.000Z' },
    { symbol: 'TSLA', side: 'sell', price: 250, unrealizedPnl: -75.5, executedAt: '2026-01-04T15:00:00.000Z' },
    { symbol: 'AAPL', side: 'buy', price: 190.1, unrealizedPnl: 12, executedAt: '2026-01-03T16:00:00.000Z' },
    { symbol: 'MSFT', side: 'buy', price: 410, unrealizedPnl: 5, executedAt: '2026-01-02T16:00:00.000Z' },
  ],
  ...overrides,
});

const traderAnswer = (trader: OnboardingTraderView = designated(), isFallback = false): MockResponse => ({
  body: { success: true, trader, isFallback },
});

const subscription = {
  id: 'sub-1',
  traceId: TRACE_ID,
  status: 'active',
  tier: { id: 'tier-basic', name: 'basic', canCopyTrades: true },
  trace: { name: 'Momentum Masters', handle: 'momentum_masters', avatar: null },
  createdAt: '2026-01-06T00:00:00.000Z',
};

/** A new member whose onboarding the server has not completed, with the designated trader set. */
function newcomerRoutes(user: UserView = newcomer, extra: MockRoutes = {}): MockRoutes {
  return {
    ...signedInAs(user),
    'POST /api/check-onboarding-status': { body: { success: true, completed: false } },
    'GET /api/onboarding-trader': traderAnswer(),
    'POST /api/auto-subscribe': { body: { success: true, message: 'Subscribed', subscription } },
    'POST /api/snaptrade/register-user': { body: { success: true, message: 'Registered' } },
    [`GET /api/snaptrade/credentials/${user.id}`]: {
      body: { success: true, snaptradeUserId: 'st-user-new', snaptradeUserSecret: 'secret-new' },
    },
    [`GET /api/snaptrade/connections/${user.id}`]: { body: { success: true, connections: [], accountIds: [] } },
    'POST /api/complete-onboarding': {
      body: { success: true, message: 'Onboarding completed', user: { ...user, hasCompletedOnboarding: true } },
    },
    ...extra,
  };
}

const wizardStep = () => screen.getByTestId('onboarding-step');
const dashboardHeading = (name = 'Nina') => screen.findByRole('heading', { name: `Welcome back, ${name}!`, level: 1 });
const continueButton = () => screen.getByRole('button', { name: /^Continue$/ });

async function openWizard(routes: MockRoutes = newcomerRoutes()) {
  const api = mockApi(routes);
  const view = renderApp('/dashboard');
  expect(await screen.findByRole('heading', { name: 'Welcome to CopyTrade, Nina!', level: 1 })).toBeInTheDocument();
  return { api, ...view };
}

async function goToStep(view: Awaited<ReturnType<typeof openWizard>>, step: 2 | 3 | 4) {
  for (let current = 1; current < step; current += 1) {
    await view.user.click(continueButton());
  }
  expect(wizardStep()).toHaveTextContent(`Step ${step} of 4`);
}

describe('/dashboard: wizard or dashboard', () => {
  it('shows-the-dashboard-without-asking-the-server-when-the-user-has-completed-onboarding', async () => {
    const api = mockApi(signedInAs(buildUser({ firstName: 'Ada', hasCompletedOnboarding: true })));
    renderApp('/dashboard');
    expect(await dashboardHeading('Ada')).toBeInTheDocument();
    expect(api.callsTo('POST /api/check-onboarding-status')).toHaveLength(0);
    expect(screen.queryByTestId('onboarding-step')).not.toBeInTheDocument();
  });

  it('spins-while-the-server-check-runs-then-shows-the-dashboard-when-the-server-says-completed', async () => {
    const pending = deferred<MockResponse>();
    const api = mockApi(newcomerRoutes(newcomer, { 'POST /api/check-onboarding-status': () => pending.promise }));
    renderApp('/dashboard');
    expect(await screen.findByText('Checking onboarding status...')).toBeInTheDocument();
    expect(api.callsTo('POST /api/check-onboarding-status')[0]?.body).toEqual({ userId: newcomer.id });

    pending.resolve({ body: { success: true, completed: true } });
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-step')).not.toBeInTheDocument();
  });

  it('shows-the-wizard-when-the-server-says-not-completed', async () => {
    await openWizard();
    expect(wizardStep()).toHaveTextContent('Step 1 of 4');
    expect(screen.queryByRole('heading', { name: /^Welcome back/ })).not.toBeInTheDocument();
  });

  it('lets-the-local-flag-decide-when-the-server-check-fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = newcomerRoutes(newcomer, {
      'POST /api/check-onboarding-status': { status: 500, body: errorBody('INTERNAL', 'Internal server error') },
    });
    const { api } = await openWizard(routes);
    expect(api.callsTo('POST /api/check-onboarding-status')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/onboarding status/), expect.anything());
  });

  it('lets-the-local-flag-decide-when-the-server-cannot-be-reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openWizard(newcomerRoutes(newcomer, { 'POST /api/check-onboarding-status': { networkError: true } }));
    expect(wizardStep()).toHaveTextContent('Step 1 of 4');
  });
});

describe('the wizard steps', () => {
  it('step-1-welcomes-with-the-three-features-and-has-no-previous-button', async () => {
    const view = await openWizard();
    for (const feature of ['Copy Trading', 'Real-Time Analytics', 'Risk Management']) {
      expect(screen.getByRole('heading', { name: feature, level: 2 })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Previous/ })).not.toBeInTheDocument();

    await view.user.click(continueButton());
    expect(wizardStep()).toHaveTextContent('Step 2 of 4');
    // The new step's title takes the focus, so it is announced.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await view.user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(wizardStep()).toHaveTextContent('Step 1 of 4');
    expect(screen.getByRole('heading', { name: 'Welcome to CopyTrade, Nina!', level: 1 })).toBeInTheDocument();
  });

  it('step-2-shows-the-designated-trader-card-with-at-most-three-recent-trades', async () => {
    const pending = deferred<MockResponse>();
    const view = await openWizard(newcomerRoutes(newcomer, { 'GET /api/onboarding-trader': () => pending.promise }));
    await goToStep(view, 2);
    expect(screen.getByText('Loading trader information...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auto-Subscribe Now' })).toBeDisabled();

    pending.resolve(traderAnswer());
    const card = await screen.findByRole('region', { name: 'Momentum Masters' });
    expect(within(card).getByText('@momentum_masters')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('Large-cap momentum swings, held for days.')).toBeInTheDocument();
    const figure = (label: string) => within(card).getByText(label).nextElementSibling;
    expect(figure('Win Rate')).toHaveTextContent('68.5%');
    expect(figure('Monthly Return')).toHaveTextContent('+12.40%');
    expect(figure('Followers')).toHaveTextContent('1.2K');

    const trades = within(within(card).getByRole('list', { name: 'Recent Trades' })).getAllByRole('listitem');
    expect(trades).toHaveLength(3);
    expect(trades[0]).toHaveTextContent('BUY');
    expect(trades[0]).toHaveTextContent('NVDA');
    expect(trades[0]).toHaveTextContent('$120.50');
    expect(trades[0]).toHaveTextContent('+$340.25');
    expect(trades[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-01-05T14:30:00.000Z');
    expect(trades[1]).toHaveTextContent('SELL');
    expect(trades[1]).toHaveTextContent('-$75.50');
    expect(within(card).queryByText('MSFT')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auto-Subscribe Now' })).toBeEnabled();
  });

  it('step-2-says-when-the-trader-has-no-recent-trades', async () => {
    const view = await openWizard(
      newcomerRoutes(newcomer, { 'GET /api/onboarding-trader': traderAnswer(designated({ trades: [] })) }),
    );
    await goToStep(view, 2);
    const card = await screen.findByRole('region', { name: 'Momentum Masters' });
    expect(within(card).getByText('No recent trades available')).toBeInTheDocument();
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
  });

  it('step-3-confirms-and-view-live-trades-opens-the-trader-page', async () => {
    const view = await openWizard();
    await goToStep(view, 3);
    expect(screen.getByRole('heading', { name: "You're All Set!", level: 1 })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'View Live Trades' }));
    expect(view.location().pathname).toBe(`/trace/${TRACE_ID}`);
  });

  it('step-4-without-a-provider-registration-shows-the-notice-and-skip-for-now', async () => {
    const view = await openWizard();
    await goToStep(view, 4);
    expect(screen.getByRole('heading', { name: 'Connect Your Brokerage', level: 1 })).toBeInTheDocument();
    const notice = screen.getByText('SnapTrade Registration Required').closest('.alert')!;
    expect(notice).toHaveTextContent('You can finish setting up SnapTrade later from Settings → Brokerage.');
    const broker = screen.getByRole('region', { name: 'Webull' });
    expect(within(broker).getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip for Now' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Continue$/ })).not.toBeInTheDocument();
    expect(view.api.calls.filter((call) => call.path.startsWith('/api/snaptrade/connections'))).toHaveLength(0);
  });

  it('step-4-connects-through-the-portal-popup-that-returns-to-the-dashboard', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn(), focus: vi.fn() };
    const open = vi.fn(() => popup as unknown as Window);
    const view = await openWizard(
      newcomerRoutes(registeredNewcomer, {
        'POST /api/snaptrade/connection-portal': {
          body: { success: true, connectionUrl: 'http://localhost/paper/portal/abc' },
        },
      }),
    );
    vi.stubGlobal('open', open);
    await goToStep(view, 4);
    expect(screen.queryByText('SnapTrade Registration Required')).not.toBeInTheDocument();
    const broker = screen.getByRole('region', { name: 'Webull' });
    await view.user.click(await within(broker).findByRole('button', { name: 'Connect' }));

    expect(open).toHaveBeenCalledWith('', 'snaptrade-connect', expect.stringMatching(/width=800,height=600/));
    await waitFor(() => expect(popup.location.href).toBe('http://localhost/paper/portal/abc'));
    expect(view.api.callsTo('POST /api/snaptrade/connection-portal')[0]?.body).toEqual({
      userId: registeredNewcomer.id,
      broker: 'WEBULL',
      customRedirect: '/dashboard',
    });
    expect(within(broker).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip for Now' })).toBeInTheDocument();
  });

  it('step-4-shows-the-connected-state-with-date-and-status-and-continue-to-app', async () => {
    const connection = {
      id: 'conn-1',
      name: 'Connection 1',
      type: 'trade',
      disabled: false,
      status: 'CONNECTED',
      created_date: '2026-01-05T12:00:00.000Z',
      disabled_date: null,
      detail: null,
      brokerage: { slug: 'WEBULL', name: 'Webull', display_name: 'Webull', description: '', aws_s3_logo_url: null },
      user: { id: newcomer.id, email: newcomer.email, username: newcomer.username, snaptradeUserId: 'st-user-new' },
    };
    const view = await openWizard(
      newcomerRoutes(registeredNewcomer, {
        [`GET /api/snaptrade/connections/${newcomer.id}`]: {
          body: { success: true, connections: [connection], accountIds: ['acc-1'] },
        },
      }),
    );
    await goToStep(view, 4);
    const broker = screen.getByRole('region', { name: 'Webull' });
    expect(await within(broker).findByText('Connected')).toBeInTheDocument();
    expect(within(broker).getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(within(broker).getByText('CONNECTED')).toHaveClass('gain');
    expect(within(broker).queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to App' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Skip for Now' })).not.toBeInTheDocument();
  });
});

describe('the designated trader fallback', () => {
  it('shows-the-first-trace-when-no-trader-is-designated', async () => {
    const trace = {
      id: 'trace-first',
      name: 'Swing Street',
      handle: 'swing_street',
      avatar: null,
      isVerified: false,
      winRate: 61,
      monthlyReturn: -2.5,
      subscriberCount: 40,
      description: 'Swing trades on mid caps.',
      bio: '',
    };
    const view = await openWizard(
      newcomerRoutes(newcomer, {
        'GET /api/onboarding-trader': traderAnswer(designated({ id: null, name: 'Default Trader' }), true),
        'GET /api/traces': {
          body: { success: true, traces: [trace], pagination: { limit: 1, offset: 0, nextOffset: 1 } },
        },
      }),
    );
    await goToStep(view, 2);
    const card = await screen.findByRole('region', { name: 'Swing Street' });
    expect(view.api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/traces?search=&limit=1');
    expect(within(card).queryByText('Verified')).not.toBeInTheDocument();
    expect(within(card).getByText('Monthly Return').nextElementSibling).toHaveTextContent('-2.50%');
    expect(within(card).getByText('No recent trades available')).toBeInTheDocument();

    await view.user.click(continueButton());
    await view.user.click(screen.getByRole('button', { name: 'View Live Trades' }));
    expect(view.location().pathname).toBe('/trace/trace-first');
  });

  it('shows-the-default-trader-when-nothing-can-be-loaded-and-view-live-trades-goes-to-discovery', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = await openWizard(
      newcomerRoutes(newcomer, {
        'GET /api/onboarding-trader': { status: 500, body: errorBody('INTERNAL', 'Internal server error') },
        'GET /api/traces': { networkError: true },
      }),
    );
    await goToStep(view, 2);
    const card = await screen.findByRole('region', { name: 'Default Trader' });
    expect(within(card).getByText('@default_trader')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('Win Rate').nextElementSibling).toHaveTextContent('75%');
    expect(within(card).getByText('Monthly Return').nextElementSibling).toHaveTextContent('+18.50%');
    expect(within(card).getByText('Followers').nextElementSibling).toHaveTextContent('100');
    expect(within(card).getByText('No recent trades available')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledTimes(2);

    await view.user.click(continueButton());
    await view.user.click(screen.getByRole('button', { name: 'View Live Trades' }));
    expect(view.location().pathname).toBe('/discovery');
  });
});

describe('Auto-Subscribe Now', () => {
  it('ok-moves-to-step-3-and-refreshes-the-joined-traces-and-the-user', async () => {
    const pending = deferred<MockResponse>();
    const view = await openWizard(
      newcomerRoutes(registeredNewcomer, { 'POST /api/auto-subscribe': () => pending.promise }),
    );
    await goToStep(view, 2);
    await screen.findByRole('region', { name: 'Momentum Masters' });
    const sidebarReads = view.api.callsTo(`GET /api/subscriptions/${newcomer.id}`).length;
    const userReads = view.api.callsTo('GET /api/verify-token').length;
    view.api.set(`GET /api/subscriptions/${newcomer.id}`, { body: { success: true, subscriptions: [subscription] } });
    view.api.set('GET /api/verify-token', {
      body: { success: true, user: { ...registeredNewcomer, autoSubscribedToTrader: true } },
    });

    await view.user.click(screen.getByRole('button', { name: 'Auto-Subscribe Now' }));
    expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    expect(screen.getByText('Setting up your subscription...')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    pending.resolve({ body: { success: true, message: 'Subscribed', subscription } });
    expect(await screen.findByRole('heading', { name: "You're All Set!", level: 1 })).toBeInTheDocument();
    expect(view.api.callsTo('POST /api/auto-subscribe')[0]?.body).toEqual({ userId: newcomer.id });
    // Already registered: no registration call.
    expect(view.api.callsTo('POST /api/snaptrade/register-user')).toHaveLength(0);
    expect(view.api.callsTo(`GET /api/subscriptions/${newcomer.id}`).length).toBeGreaterThan(sidebarReads);
    expect(view.api.callsTo('GET /api/verify-token').length).toBeGreaterThan(userReads);
    expect(view.queryClient.getQueryData<Session>(authKeys.session())?.autoSubscribedToTrader).toBe(true);
  });

  it('a-response-that-is-not-ok-stays-on-step-2', async () => {
    const view = await openWizard(
      newcomerRoutes(registeredNewcomer, {
        'POST /api/auto-subscribe': { status: 404, body: errorBody('NO_ONBOARDING_TRADER', 'No onboarding trader') },
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await goToStep(view, 2);
    await screen.findByRole('region', { name: 'Momentum Masters' });
    await view.user.click(screen.getByRole('button', { name: 'Auto-Subscribe Now' }));

    expect(await screen.findByRole('button', { name: 'Auto-Subscribe Now' })).toBeEnabled();
    expect(view.api.callsTo('POST /api/auto-subscribe')).toHaveLength(1);
    expect(wizardStep()).toHaveTextContent('Step 2 of 4');
    expect(screen.queryByRole('heading', { name: "You're All Set!" })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('a-call-that-throws-moves-on-to-step-3', async () => {
    const view = await openWizard(
      newcomerRoutes(registeredNewcomer, { 'POST /api/auto-subscribe': { networkError: true } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await goToStep(view, 2);
    await screen.findByRole('region', { name: 'Momentum Masters' });
    await view.user.click(screen.getByRole('button', { name: 'Auto-Subscribe Now' }));
    expect(await screen.findByRole('heading', { name: "You're All Set!", level: 1 })).toBeInTheDocument();
  });

  it('registers-with-the-provider-first-when-the-user-has-no-registration', async () => {
    const view = await openWizard();
    await goToStep(view, 2);
    await screen.findByRole('region', { name: 'Momentum Masters' });
    await view.user.click(screen.getByRole('button', { name: 'Auto-Subscribe Now' }));
    expect(await screen.findByRole('heading', { name: "You're All Set!", level: 1 })).toBeInTheDocument();

    const order = view.api.calls
      .filter(
        (call) => call.method === 'POST' && ['/api/snaptrade/register-user', '/api/auto-subscribe'].includes(call.path),
      )
      .map((call) => call.path);
    expect(order).toEqual(['/api/snaptrade/register-user', '/api/auto-subscribe']);
    expect(view.api.callsTo('POST /api/snaptrade/register-user')[0]?.body).toEqual({ userId: newcomer.id });

    // The registration reaches the held user (from the credentials when verify-token does not have it yet), so
    // the brokerage step has no registration notice.
    await view.user.click(continueButton());
    expect(screen.getByRole('heading', { name: 'Connect Your Brokerage', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('SnapTrade Registration Required')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Webull' })).getByRole('button', { name: 'Connect' }),
    ).toBeEnabled();
  });

  it('a-failed-registration-is-only-logged-and-the-auto-subscribe-still-runs', async () => {
    const view = await openWizard(
      newcomerRoutes(newcomer, {
        'POST /api/snaptrade/register-user': {
          status: 502,
          body: errorBody('PROVIDER_UNAVAILABLE', 'SnapTrade is down'),
        },
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await goToStep(view, 2);
    await screen.findByRole('region', { name: 'Momentum Masters' });
    await view.user.click(screen.getByRole('button', { name: 'Auto-Subscribe Now' }));
    expect(await screen.findByRole('heading', { name: "You're All Set!", level: 1 })).toBeInTheDocument();
    expect(view.api.callsTo('POST /api/auto-subscribe')).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/registration/i), expect.anything());

    await view.user.click(continueButton());
    expect(screen.getByText('SnapTrade Registration Required')).toBeInTheDocument();
  });
});

describe('completing onboarding', () => {
  it('skip-for-now-completes-stores-the-flag-and-closes-after-100-ms-to-the-dashboard', async () => {
    const timers = vi.spyOn(window, 'setTimeout');
    const view = await openWizard();
    await goToStep(view, 4);
    view.api.set('GET /api/verify-token', {
      body: { success: true, user: { ...newcomer, hasCompletedOnboarding: true } },
    });
    const userReads = view.api.callsTo('GET /api/verify-token').length;

    await view.user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(view.api.callsTo('POST /api/complete-onboarding')[0]?.body).toEqual({ userId: newcomer.id });
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 100);
    expect(screen.queryByTestId('onboarding-step')).not.toBeInTheDocument();
    // The dashboard re-reads the user from the server.
    await waitFor(() => expect(view.api.callsTo('GET /api/verify-token').length).toBeGreaterThan(userReads));
    expect(view.queryClient.getQueryData<Session>(authKeys.session())?.hasCompletedOnboarding).toBe(true);
    expect(await screen.findByText('Complete')).toBeInTheDocument();
  });

  it('closes-anyway-when-completion-fails', async () => {
    const view = await openWizard(
      newcomerRoutes(newcomer, {
        'POST /api/complete-onboarding': { status: 500, body: errorBody('INTERNAL', 'Internal server error') },
      }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await goToStep(view, 4);
    await view.user.click(screen.getByRole('button', { name: 'Skip for Now' }));

    expect(await dashboardHeading()).toBeInTheDocument();
    expect(view.api.callsTo('POST /api/complete-onboarding')).toHaveLength(1);
    expect(screen.queryByTestId('onboarding-step')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/onboarding/i), expect.anything());
    // Not stored as completed: the server did not record it.
    expect(view.queryClient.getQueryData<Session>(authKeys.session())?.hasCompletedOnboarding).toBe(false);
  });

  it('closes-anyway-when-the-server-cannot-be-reached', async () => {
    const view = await openWizard(
      newcomerRoutes(newcomer, { 'POST /api/complete-onboarding': { networkError: true } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await goToStep(view, 4);
    await view.user.click(screen.getByRole('button', { name: 'Skip for Now' }));
    expect(await dashboardHeading()).toBeInTheDocument();
  });
});
