import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const unregistered = buildUser();
const registered = buildUser({ snaptradeUserId: 'st-user-1', snaptradeUserSecret: 'secret-1' });

const brokerage = {
  slug: 'WEBULL',
  name: 'Webull',
  display_name: 'Webull',
  description: 'Paper trading',
  aws_s3_logo_url: null,
};

const connection = (overrides: Record<string, unknown> = {}) => ({
  id: 'conn-1',
  name: 'Connection 1',
  type: 'trade',
  disabled: false,
  status: 'CONNECTED',
  created_date: '2026-01-05T00:00:00.000Z',
  disabled_date: null,
  detail: null,
  brokerage,
  user: { id: registered.id, email: registered.email, username: registered.username, snaptradeUserId: 'st-user-1' },
  ...overrides,
});

const account = (id: string, name: string, total: number) => ({
  id,
  connection_id: 'conn-1',
  name,
  number: `PA1234${id.slice(-1)}678`,
  institution_name: 'Webull',
  created_date: null,
  is_paper: true,
  status: 'open',
  balance: { total: { amount: total, currency: 'USD' }, buying_power: { amount: total, currency: 'USD' } },
});

function linked(connections: unknown[] = [connection()]): MockRoutes {
  return {
    [`GET /api/snaptrade/connections/${registered.id}`]: {
      body: { success: true, connections, accountIds: ['acc-1', 'acc-2'] },
    },
    [`GET /api/snaptrade/accounts/${registered.id}`]: {
      body: {
        success: true,
        accounts: [
          account('acc-1', 'Webull Individual (Paper)', 100_000),
          account('acc-2', 'Webull Roth IRA (Paper)', 25_000),
        ],
      },
    },
  };
}

const notLinked: MockRoutes = {
  [`GET /api/snaptrade/connections/${registered.id}`]: { body: { success: true, connections: [], accountIds: [] } },
  [`GET /api/snaptrade/accounts/${registered.id}`]: { body: { success: true, accounts: [] } },
};

const card = (name: string) => screen.getByRole('heading', { name }).closest('section')!;
const brokerRow = (cardName: string, broker: string) =>
  within(card(cardName)).getByText(broker, { selector: '.broker-row__name' }).closest('li')!;

interface FakePopup {
  closed: boolean;
  location: { href: string };
  close: () => void;
  focus: () => void;
}

function stubPopup(): { popup: FakePopup; open: ReturnType<typeof vi.fn> } {
  const popup: FakePopup = {
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true;
    }),
    focus: vi.fn(),
  };
  const open = vi.fn(() => popup as unknown as Window);
  vi.stubGlobal('open', open);
  return { popup, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('settings → brokerage, not registered', () => {
  it('is-blurred-and-inert-with-a-register-prompt', async () => {
    const api = mockApi(signedInAs(unregistered));
    renderApp('/settings?tab=brokerage');
    expect(await screen.findByText('Registration Required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'SnapTrade Registration Required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register with SnapTrade' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Register Now' })).toBeEnabled();

    const locked = screen.getByTestId('brokerage-locked-content');
    expect(locked).toHaveAttribute('inert');
    expect(locked).toHaveAttribute('aria-hidden', 'true');
    // Hidden from the accessibility tree: its connect buttons cannot be reached.
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/snaptrade/'))).toHaveLength(0);
  });

  it('registers-then-refreshes-the-user-from-verify-token', async () => {
    const api = mockApi({
      ...signedInAs(unregistered),
      ...notLinked,
      'POST /api/snaptrade/register-user': {
        body: {
          success: true,
          message: 'Registered with SnapTrade',
          snaptradeUserId: 'st-user-1',
          alreadyRegistered: false,
        },
      },
    });
    const { user } = renderApp('/settings?tab=brokerage');
    await screen.findByText('Registration Required');
    const verifyCalls = api.callsTo('GET /api/verify-token').length;
    api.set('GET /api/verify-token', { body: { success: true, user: registered } });

    await user.click(screen.getByRole('button', { name: 'Register with SnapTrade' }));
    expect(await screen.findByText('SnapTrade Registered')).toBeInTheDocument();
    expect(api.callsTo('POST /api/snaptrade/register-user')[0]!.body).toEqual({ userId: unregistered.id });
    expect(api.callsTo('GET /api/verify-token').length).toBe(verifyCalls + 1);
    expect(api.callsTo(`GET /api/snaptrade/credentials/${unregistered.id}`)).toHaveLength(0);
    expect(await screen.findByText('Registered with SnapTrade')).toBeInTheDocument();
    expect(screen.queryByTestId('brokerage-locked-content')).not.toBeInTheDocument();
    expect(await screen.findByText('No active connections')).toBeInTheDocument();
  });

  it('reads-the-credentials-when-verify-token-does-not-carry-the-registration-yet', async () => {
    const api = mockApi({
      ...signedInAs(unregistered),
      ...notLinked,
      'POST /api/snaptrade/register-user': {
        body: {
          success: true,
          message: 'Registered with SnapTrade',
          snaptradeUserId: 'st-user-1',
          alreadyRegistered: false,
        },
      },
      [`GET /api/snaptrade/credentials/${unregistered.id}`]: {
        body: { success: true, snaptradeUserId: 'st-user-1', snaptradeUserSecret: 'secret-1' },
      },
    });
    const { user } = renderApp('/settings?tab=brokerage');
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    expect(await screen.findByText('SnapTrade Registered')).toBeInTheDocument();
    expect(api.callsTo(`GET /api/snaptrade/credentials/${unregistered.id}`)).toHaveLength(1);
  });

  it('shows-the-server-message-when-registration-fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      ...signedInAs(unregistered),
      'POST /api/snaptrade/register-user': {
        status: 503,
        body: errorBody('PROVIDER_UNAVAILABLE', 'The brokerage is temporarily unavailable. Please try again.'),
      },
    });
    const { user } = renderApp('/settings?tab=brokerage');
    await user.click(await screen.findByRole('button', { name: 'Register with SnapTrade' }));
    expect(await screen.findByText('The brokerage is temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Registration Required')).toBeInTheDocument();
  });
});

describe('settings → brokerage, registered', () => {
  it('lists-popular-and-all-supported-brokers-one-available-four-coming-soon', async () => {
    mockApi({ ...signedInAs(registered), ...notLinked });
    renderApp('/settings?tab=brokerage');
    expect(await screen.findByText('SnapTrade Registered')).toBeInTheDocument();

    const popular = within(card('Popular Brokers')).getAllByRole('listitem');
    expect(popular.map((row) => row.querySelector('.broker-row__name')?.textContent)).toEqual(['Webull', 'Robinhood']);

    const all = within(card('All Supported Brokers')).getAllByRole('listitem');
    expect(all).toHaveLength(5);
    expect(all.filter((row) => within(row).queryByText('Coming Soon'))).toHaveLength(4);
    expect(within(brokerRow('All Supported Brokers', 'Webull')).getByRole('button', { name: 'Connect' })).toBeEnabled();
    expect(within(brokerRow('All Supported Brokers', 'Charles Schwab')).queryByRole('button')).not.toBeInTheDocument();

    expect(await screen.findByText('No active connections')).toBeInTheDocument();
    expect(screen.getByText('No trading accounts yet')).toBeInTheDocument();
  });

  it('shows-connections-green-or-red-and-the-trading-accounts-with-the-primary', async () => {
    mockApi({
      ...signedInAs(registered),
      ...linked([
        connection(),
        connection({
          id: 'conn-2',
          status: 'DISABLED',
          disabled: true,
          brokerage: { ...brokerage, display_name: 'Old Webull' },
          detail: 'Login expired',
        }),
      ]),
    });
    renderApp('/settings?tab=brokerage');
    await screen.findByText('SnapTrade Registered');
    const connections = await within(card('Active Connections')).findByRole('list');
    const [ok, bad] = within(connections).getAllByRole('listitem');
    expect(within(ok!).getByText('CONNECTED')).toHaveClass('connection-status--ok');
    expect(within(bad!).getByText('DISABLED')).toHaveClass('connection-status--bad');
    expect(bad).toHaveTextContent('Login expired');

    const table = within(card('Trading Accounts')).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Webull Individual (Paper)');
    expect(rows[0]).toHaveTextContent('Primary');
    expect(rows[0]).toHaveTextContent('$100,000.00');
    expect(rows[1]).not.toHaveTextContent('Primary');
    expect(rows[1]).toHaveTextContent('$25,000.00');

    // Webull matches the slug by name: connected, no connect button.
    expect(within(brokerRow('Popular Brokers', 'Webull')).getByText('Connected')).toBeInTheDocument();
    expect(within(brokerRow('Popular Brokers', 'Webull')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps-the-connected-state-when-a-later-read-fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({ ...signedInAs(registered), ...linked() });
    const { user } = renderApp('/settings?tab=brokerage');
    await screen.findByText('SnapTrade Registered');
    expect(await within(card('Popular Brokers')).findByText('Connected')).toBeInTheDocument();

    api.set(`GET /api/snaptrade/connections/${registered.id}`, {
      status: 429,
      body: errorBody('PROVIDER_RATE_LIMITED', 'Too many'),
    });
    await user.click(screen.getByRole('button', { name: 'Refresh connections' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load brokerage connections', expect.anything()));
    expect(within(card('Popular Brokers')).getByText('Connected')).toBeInTheDocument();
    expect(within(card('Active Connections')).getByText('CONNECTED')).toBeInTheDocument();
    // Only logged: no error toast, no error state.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens-the-portal-in-an-800x600-popup-polls-it-and-rereads-2s-after-it-closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { popup, open } = stubPopup();
    const api = mockApi({
      ...signedInAs(registered),
      ...notLinked,
      'POST /api/snaptrade/connection-portal': {
        body: { success: true, connectionUrl: 'http://localhost/paper/portal/abc' },
      },
    });
    const { user } = renderApp('/settings?tab=brokerage', { advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('No active connections');

    await user.click(within(brokerRow('Popular Brokers', 'Webull')).getByRole('button', { name: 'Connect' }));
    expect(open).toHaveBeenCalledWith('', 'snaptrade-connect', expect.stringMatching(/width=800,height=600/));
    await waitFor(() => expect(popup.location.href).toBe('http://localhost/paper/portal/abc'));
    expect(api.callsTo('POST /api/snaptrade/connection-portal')[0]!.body).toEqual({
      userId: registered.id,
      broker: 'WEBULL',
      customRedirect: '/settings',
    });

    for (const button of screen.getAllByRole('button', { name: 'Connecting...' })) expect(button).toBeDisabled();

    const reads = () => api.callsTo(`GET /api/snaptrade/connections/${registered.id}`).length;
    const before = reads();
    const verifyBefore = api.callsTo('GET /api/verify-token').length;
    api.set(
      `GET /api/snaptrade/connections/${registered.id}`,
      linked()[`GET /api/snaptrade/connections/${registered.id}`]!,
    );
    api.set(`GET /api/snaptrade/accounts/${registered.id}`, linked()[`GET /api/snaptrade/accounts/${registered.id}`]!);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(reads()).toBe(before);

    popup.closed = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(reads()).toBe(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(api.callsTo('GET /api/verify-token').length).toBeGreaterThan(verifyBefore);
    expect(await within(card('Popular Brokers')).findByText('Connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connecting...' })).not.toBeInTheDocument();
  });

  it('closes-the-popup-and-says-registration-is-required-on-409', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { popup } = stubPopup();
    mockApi({
      ...signedInAs(registered),
      ...notLinked,
      'POST /api/snaptrade/connection-portal': {
        status: 409,
        body: errorBody('PROVIDER_USER_NOT_REGISTERED', 'SnapTrade Registration Required'),
      },
    });
    const { user } = renderApp('/settings?tab=brokerage');
    await screen.findByText('No active connections');
    await user.click(within(brokerRow('All Supported Brokers', 'Webull')).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('SnapTrade Registration Required')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    expect(within(brokerRow('All Supported Brokers', 'Webull')).getByRole('button', { name: 'Connect' })).toBeEnabled();
  });

  it('opens-the-portal-in-this-tab-when-the-popup-is-blocked', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      ...signedInAs(registered),
      ...notLinked,
      'POST /api/snaptrade/connection-portal': {
        body: { success: true, connectionUrl: 'http://localhost/paper/portal/abc' },
      },
    });
    const { user } = renderApp('/settings?tab=brokerage');
    await screen.findByText('No active connections');
    await user.click(within(brokerRow('Popular Brokers', 'Webull')).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/paper/portal/abc'));
  });
});
