import type { OwnerTradeView } from '@copytrade/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockRoutes } from '@/testing/mock-api';
import { stubResizeObserver } from '@/testing/resize-observer';
import { renderApp } from '@/testing/test-utils';
import { buildOwnerTraceData, ownerTrade, TRACE_ID } from '../testing/owner-fixtures';

const user = buildUser({ id: 'owner-1', username: 'maya_chen' });
const ownerPath = `GET /api/trace-owner/${TRACE_ID}`;
const tradesPath = `GET /api/trace-owner/${TRACE_ID}/snaptrade-trades`;
const profilePath = `PUT /api/trace-owner/${TRACE_ID}/profile`;
const privacyPath = `PUT /api/trace-owner/${TRACE_ID}/privacy`;
const integrationPath = `GET /api/trace-owner/${TRACE_ID}/integration`;
const accountsPath = `GET /api/snaptrade/accounts/${user.id}`;
const sellPath = 'POST /api/snaptrade/sell-position';
const dashboard = `/trace/${TRACE_ID}/dashboard`;
const ownerPrefsGet = 'GET /api/user/owner-notification-preferences';
const ownerPrefsPut = 'PUT /api/user/owner-notification-preferences';

function mockDashboard(routes: MockRoutes = {}, trades: OwnerTradeView[] = []) {
  return mockApi({
    ...signedInAs(user),
    [ownerPath]: { body: { success: true, ...buildOwnerTraceData() } },
    [tradesPath]: { body: { success: true, trades, totalCount: trades.length, sharedCount: 0 } },
    ...routes,
  });
}

async function openSettings(actor: ReturnType<typeof renderApp>['user'], section?: string) {
  await actor.click(await screen.findByRole('tab', { name: 'Settings' }));
  if (section) await actor.click(screen.getByRole('tab', { name: section }));
}

// Screens with forms and timers on a loaded machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/trace-dashboard'), import('@/app/routes/app/root')]);
}, 60_000);

// Radix parts of the forms (the risk-level select) need the class to exist.
beforeEach(() => stubResizeObserver());

describe('settings: profile', () => {
  it('shows-the-six-sections-and-refuses-an-invalid-profile-without-calling-the-server', async () => {
    const api = mockDashboard();
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor);
    const sections = within(screen.getByRole('tablist', { name: 'Settings sections' })).getAllByRole('tab');
    expect(sections.map((item) => item.textContent)).toEqual([
      'Profile',
      'Privacy & Sharing',
      'Subscription Tiers',
      'Notifications',
      'Integration',
      'Security',
    ]);
    const name = screen.getByLabelText('Trace Name');
    expect(name).toHaveValue('Momentum Masters');
    expect(screen.getByLabelText('Minimum Investment ($)')).toHaveValue(1000);
    await actor.clear(name);
    await actor.clear(screen.getByLabelText('Handle'));
    await actor.type(screen.getByLabelText('Handle'), 'x!');
    await actor.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('name is required')).toBeInTheDocument();
    expect(screen.getByText(/handle must be 3 to 30/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(profilePath)).toHaveLength(0);
  });

  it('saves-the-profile-payload-and-toasts-the-server-message-on-failure', async () => {
    const data = buildOwnerTraceData();
    const api = mockDashboard({
      [profilePath]: (call) => ({
        body: {
          success: true,
          message: 'Profile updated successfully',
          trace: { ...data.trace, ...(call.body as object) },
        },
      }),
    });
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor);
    await actor.click(screen.getByRole('checkbox', { name: 'Options' }));
    await actor.click(screen.getByRole('checkbox', { name: 'Stocks' }));
    const min = screen.getByLabelText('Minimum Investment ($)');
    await actor.clear(min);
    await actor.type(min, '2500');
    await actor.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(api.callsTo(profilePath)).toHaveLength(1));
    expect(api.callsTo(profilePath)[0]!.body).toEqual({
      name: 'Momentum Masters',
      handle: '@momentum_masters',
      description: 'Momentum swing trades.',
      bio: 'Ten years of momentum trading.',
      tradingStyle: ['swing_trading', 'options'],
      riskLevel: 'medium',
      minInvestment: 2500,
    });
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();

    api.set(profilePath, { status: 409, body: errorBody('HANDLE_TAKEN', 'That handle is taken.') });
    await actor.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('That handle is taken.')).toBeInTheDocument();
    api.set(profilePath, { status: 500, body: { success: false } });
    await actor.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  }, 15_000);
});

describe('settings: avatar', () => {
  it('refuses-files-over-5-mb-and-non-images-with-the-documented-texts', async () => {
    mockDashboard();
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor);
    const input = screen.getByLabelText('Avatar image file');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await actor.upload(input, big);
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 5MB')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Invalid File Type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop Avatar' })).not.toBeInTheDocument();
  });

  it('opens-the-round-crop-dialog-with-zoom-1-to-3-for-an-image', async () => {
    mockDashboard();
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor);
    await actor.upload(
      screen.getByLabelText('Avatar image file'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Crop Avatar' });
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.1');
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers-delete-only-when-an-avatar-is-saved-and-says-when-it-is-already-gone', async () => {
    const data = buildOwnerTraceData({ trace: { avatar: `/api/traces/${TRACE_ID}/avatar?v=abc` } as never });
    mockDashboard({
      [ownerPath]: { body: { success: true, ...data } },
      [`DELETE /api/trace-owner/${TRACE_ID}/avatar`]: {
        status: 404,
        body: errorBody('AVATAR_NOT_FOUND', 'Avatar not found or already deleted.'),
      },
    });
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor);
    await actor.click(screen.getByRole('button', { name: 'Delete Avatar' }));
    expect(await screen.findByText('Avatar not found or already deleted.')).toBeInTheDocument();
  });
});

describe('settings: privacy, notifications, integration', () => {
  it('saves-the-five-privacy-fields-and-toasts-failures', async () => {
    const api = mockDashboard({
      [privacyPath]: { status: 500, body: { success: false } },
    });
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor, 'Privacy & Sharing');
    await actor.click(screen.getByRole('switch', { name: 'Allow Comments' }));
    await actor.click(screen.getByRole('button', { name: 'Save Privacy Settings' }));
    await waitFor(() => expect(api.callsTo(privacyPath)).toHaveLength(1));
    expect(api.callsTo(privacyPath)[0]!.body).toEqual({
      allowComments: false,
      allowCopying: true,
      autoShareProfitableTrades: false,
      defaultSharingTier: 'premium',
      publicProfile: true,
    });
    expect(await screen.findByText('Failed to update privacy settings')).toBeInTheDocument();
  });

  it('loads-the-owner-notification-switches-and-saves-them-for-all-traces', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved = {
      emailNewSubscribers: false,
      emailTradeCopies: true,
      emailRevenue: true,
      emailPerformanceAlerts: true,
      emailComments: true,
      pushNotifications: true,
    };
    const api = mockDashboard({
      [ownerPrefsGet]: { body: { success: true, preferences: { ...saved, emailComments: false } } },
      [ownerPrefsPut]: {
        body: { success: true, preferences: saved, message: 'Notification preferences saved successfully!' },
      },
    });
    const { user: actor } = renderApp(dashboard, { advanceTimers: vi.advanceTimersByTime });
    await openSettings(actor, 'Notifications');
    expect(
      await screen.findByText(
        'These switches apply to all your traces. Revenue, performance-alert and comment e-mails are not sent yet.',
      ),
    ).toBeInTheDocument();
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'true',
      'true',
      'false',
      'true',
    ]);
    expect(screen.getByRole('switch', { name: 'Email me revenue updates' })).toHaveAccessibleDescription(
      'Not sent yet.',
    );
    await actor.click(screen.getByRole('switch', { name: 'Email me about comments' }));
    await actor.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Notification preferences saved successfully!')).toBeInTheDocument();
    expect(api.callsTo(ownerPrefsPut)[0]!.body).toEqual(saved);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Notification preferences saved successfully!')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('says-when-saving-the-owner-notification-switches-failed-and-when-they-cannot-load', async () => {
    const api = mockDashboard({
      [ownerPrefsGet]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') },
      [ownerPrefsPut]: { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Down') },
    });
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor, 'Notifications');
    expect(await screen.findByText("Couldn't load your notification preferences.")).toBeInTheDocument();
    api.set(ownerPrefsGet, {
      body: {
        success: true,
        preferences: {
          emailNewSubscribers: true,
          emailTradeCopies: true,
          emailRevenue: true,
          emailPerformanceAlerts: true,
          emailComments: false,
          pushNotifications: true,
        },
      },
    });
    await actor.click(screen.getByRole('button', { name: 'Retry' }));
    await actor.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Failed to save preferences. Please try again.')).toBeInTheDocument();
  });

  it('lists-connections-and-accounts-and-opens-the-portal-in-a-new-tab', async () => {
    const api = mockDashboard({
      [integrationPath]: {
        body: {
          success: true,
          integration: {
            hasSnaptradeConnection: true,
            snaptradeUserId: 'snap-1',
            connections: [
              {
                id: 'c-1',
                name: 'Paper',
                type: 'trade',
                disabled: false,
                status: 'CONNECTED',
                created_date: null,
                disabled_date: null,
                detail: null,
                brokerage: {
                  slug: 'PAPER',
                  name: 'Paper',
                  display_name: 'Paper Broker',
                  description: '',
                  aws_s3_logo_url: null,
                },
                user: { id: user.id, email: user.email, username: user.username, snaptradeUserId: 'snap-1' },
              },
            ],
            accounts: [
              {
                id: 'a-1',
                connection_id: 'c-1',
                name: 'Paper Margin',
                number: 'PA-001',
                institution_name: 'Paper Broker',
                created_date: null,
                is_paper: true,
                status: null,
                balance: { total: { amount: 100000, currency: 'USD' }, buying_power: null },
              },
            ],
          },
        },
      },
      'POST /api/snaptrade/connection-portal': { body: { success: true, connectionUrl: 'https://portal.example/x' } },
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor, 'Integration');
    expect(await screen.findByText('Paper Broker', { selector: '.owner-list__name' })).toBeInTheDocument();
    expect(screen.getByText('CONNECTED')).toBeInTheDocument();
    expect(screen.getByText('Paper Margin')).toBeInTheDocument();
    expect(screen.getByText('$100,000.00')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Connect Another' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://portal.example/x', '_blank', 'noopener,noreferrer'));
    expect(api.callsTo('POST /api/snaptrade/connection-portal')[0]!.body).toEqual({
      userId: user.id,
      customRedirect: dashboard,
    });
  });

  it('toasts-when-integration-or-the-portal-fail', async () => {
    mockDashboard({
      [integrationPath]: { status: 500, body: { success: false } },
      'POST /api/snaptrade/connection-portal': { status: 500, body: errorBody('INTERNAL', 'Provider down') },
    });
    const { user: actor } = renderApp(dashboard);
    await openSettings(actor, 'Integration');
    expect(await screen.findAllByText('Failed to fetch integration data')).not.toHaveLength(0);
    await actor.click(screen.getByRole('button', { name: 'Connect Brokerage' }));
    expect(await screen.findByText('Failed to generate connection URL')).toBeInTheDocument();
  });
});

describe('sell @ market', () => {
  const shared = ownerTrade('t-9', { symbol: 'AAPL', isShared: true, quantity: 5, currentPrice: 190 });

  async function openSell(routes: MockRoutes) {
    const api = mockDashboard(routes, [shared]);
    const rendered = renderApp(`${dashboard}?tab=trade-manager`);
    const card = await screen.findByRole('article', { name: 'AAPL' });
    await rendered.user.click(within(card).getByRole('button', { name: 'Sell @ Market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell AAPL @ Market' });
    return { api, actor: rendered.user, dialog };
  }

  it('keeps-sell-disabled-until-confirmed-and-refuses-without-an-account', async () => {
    const { api, actor, dialog } = await openSell({ [accountsPath]: { body: { success: true, accounts: [] } } });
    const sell = within(dialog).getByRole('button', { name: 'Sell @ Market' });
    expect(sell).toBeDisabled();
    await actor.click(within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' }));
    await waitFor(() => expect(sell).toBeEnabled());
    await actor.click(sell);
    expect(
      await screen.findByText('No trading accounts found. Please connect your brokerage account in Settings.'),
    ).toBeInTheDocument();
    expect(api.callsTo(sellPath)).toHaveLength(0);
  });

  it('refuses-a-quantity-above-the-position', async () => {
    const { api, actor, dialog } = await openSell({
      [accountsPath]: { body: { success: true, accounts: [{ id: 'acc-1' }] } },
    });
    const quantity = within(dialog).getByLabelText('Quantity (shares)');
    await actor.clear(quantity);
    await actor.type(quantity, '6');
    await actor.click(within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Sell @ Market' }));
    expect(await screen.findByText('Invalid Quantity')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid quantity between 1 and 5')).toBeInTheDocument();
    expect(api.callsTo(sellPath)).toHaveLength(0);
  });

  it('sends-the-market-sell-with-its-request-id-and-shows-the-server-refusal', async () => {
    const { api, actor, dialog } = await openSell({
      [accountsPath]: { body: { success: true, accounts: [{ id: 'acc-1' }] } },
      [sellPath]: { status: 404, body: errorBody('ROUTE_NOT_FOUND', 'Cannot POST /api/snaptrade/sell-position') },
    });
    await actor.click(within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Sell @ Market' }));
    expect(await screen.findByText('Sell Order Failed')).toBeInTheDocument();
    expect(screen.getByText('Cannot POST /api/snaptrade/sell-position')).toBeInTheDocument();
    const [call] = api.callsTo(sellPath);
    const body = call!.body as { requestId: string };
    expect(body).toEqual({
      userId: user.id,
      accountId: 'acc-1',
      positionData: {
        symbol: 'AAPL',
        quantity: 5,
        isOptions: false,
        orderType: 'Market',
        price: null,
        traceId: TRACE_ID,
      },
      confirmRisks: true,
      requestId: expect.any(String),
    });
    expect(call!.headers.get('X-Request-ID')).toBe(body.requestId);
  });

  it('toasts-sell-order-placed-on-success', async () => {
    const { actor, dialog } = await openSell({
      [accountsPath]: { body: { success: true, accounts: [{ id: 'acc-1' }] } },
      [sellPath]: {
        body: {
          success: true,
          status: 'filled',
          message: 'Sell order filled for AAPL.',
          requestId: 'r-1',
          orderResult: { price: 190.25, orderId: 'o-1' },
          replayed: false,
        },
      },
    });
    await actor.click(within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Sell @ Market' }));
    expect(await screen.findByText('✅ Sell Order Placed')).toBeInTheDocument();
    expect(screen.getByText(/Sold 5 shares of AAPL at market \(\$190\.25\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says-when-the-sell-is-accepted-but-not-filled-yet', async () => {
    const { actor, dialog } = await openSell({
      [accountsPath]: { body: { success: true, accounts: [{ id: 'acc-1' }] } },
      [sellPath]: {
        status: 202,
        body: {
          success: true,
          status: 'pending',
          message: 'Sell order for AAPL accepted by the brokerage; the trade closes when it fills.',
          requestId: 'r-1',
          orderResult: { price: null, orderId: 'o-1' },
          replayed: false,
        },
      },
    });
    await actor.click(within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Sell @ Market' }));
    expect(await screen.findByText('Sell Order Submitted')).toBeInTheDocument();
    expect(screen.queryByText('✅ Sell Order Placed')).not.toBeInTheDocument();
  });

  it('reads-the-sell-failure-fields-beside-the-message-of-a-refusal', async () => {
    const { actor, dialog } = await openSell({
      [accountsPath]: { body: { success: true, accounts: [{ id: 'acc-1' }] } },
      [sellPath]: {
        status: 422,
        body: {
          ...errorBody('MARKET_CLOSED', 'Options can only be traded 8:00 AM to 4:00 PM ET.'),
          isMarketHoursRestriction: true,
          technical: 'market closed',
          errorCode: null,
          canRetry: true,
        },
      },
    });
    await actor.click(within(dialog).getByRole('checkbox', { name: 'I confirm this sell order' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Sell @ Market' }));
    expect(await screen.findByText('🕐 Market Hours Restriction')).toBeInTheDocument();
    expect(screen.getByText('Options can only be traded 8:00 AM to 4:00 PM ET.')).toBeInTheDocument();
  });
});
