import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/lib/auth';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, TEST_CSRF_TOKEN, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const registered = buildUser({
  snaptradeUserId: 'st-user-42',
  snaptradeUserSecret: 'super-secret-value',
  snaptradeAccountIds: ['acc-primary', 'acc-second'],
});

const PREFS = {
  success: true,
  preferences: {
    emailNotifications: true,
    notifyOnTradeShared: true,
    notifyOnTradeSold: true,
    notifyOnCopiedTradeSold: false,
  },
};

describe('settings tabs', () => {
  it('has-account-brokerage-and-notifications-tabs-with-arrow-keys', async () => {
    mockApi({ ...signedInAs(buildUser()), 'GET /api/user/notification-preferences': { body: PREFS } });
    const { user, location } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Account', 'Brokerage', 'Notifications']);
    expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeInTheDocument();

    screen.getByRole('tab', { name: 'Account' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Brokerage' })).toHaveFocus();
    expect(await screen.findByRole('tabpanel', { name: 'Brokerage' })).toHaveTextContent('Registration Required');
    expect(location().search).toBe('?tab=brokerage');

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('tabpanel', { name: 'Notifications' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true'));
    expect(location().search).toBe('');
  });

  it('opens-the-tab-named-in-the-query', async () => {
    mockApi({ ...signedInAs(buildUser()), 'GET /api/user/notification-preferences': { body: PREFS } });
    renderApp('/settings?tab=notifications');
    expect(await screen.findByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('settings: account', () => {
  it('shows-the-profile-disabled', async () => {
    mockApi(signedInAs(buildUser()));
    renderApp('/settings');
    for (const [label, value] of [
      ['First Name', 'Demo'],
      ['Last Name', 'Trader'],
      ['Email', 'demo@example.com'],
      ['Username', 'demo'],
    ]) {
      const field = await screen.findByLabelText(label!);
      expect(field).toHaveValue(value);
      expect(field).toBeDisabled();
    }
  });

  it('shows-the-provider-registration-with-the-secret-masked-and-the-primary-account', async () => {
    mockApi(signedInAs(registered));
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'SnapTrade Integration' })).closest('section')!;
    expect(within(card).getByText('SnapTrade Registered')).toBeInTheDocument();
    expect(within(card).getByText('st-user-42')).toBeInTheDocument();
    expect(within(card).queryByText('super-secret-value')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Show secret' }));
    expect(within(card).getByText('super-secret-value')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hide secret' }));
    expect(within(card).queryByText('super-secret-value')).not.toBeInTheDocument();

    const accounts = within(card).getByRole('list', { name: 'Connected account ids' });
    const [first, second] = within(accounts).getAllByRole('listitem');
    expect(first).toHaveTextContent('acc-primary');
    expect(first).toHaveTextContent('Primary');
    expect(second).toHaveTextContent('acc-second');
    expect(second).not.toHaveTextContent('Primary');
    expect(
      within(card).getByText('The Primary account is used for copy trading and position fetching.'),
    ).toBeInTheDocument();
  });

  it('shows-registration-required-and-leads-to-the-brokerage-tab', async () => {
    mockApi(signedInAs(buildUser({ snaptradeUserId: 'only-id', snaptradeUserSecret: null })));
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'SnapTrade Integration' })).closest('section')!;
    expect(within(card).getAllByText('Registration Required')).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: 'Show secret' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Go to Brokerage' }));
    expect(screen.getByRole('tab', { name: 'Brokerage' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves-the-copy-trading-switch-once-the-server-accepts', async () => {
    const pending = deferred<MockResponse>();
    const account = buildUser();
    const api = mockApi({ ...signedInAs(account), 'POST /api/update-copy-trading': () => pending.promise });
    const { user, queryClient } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Enable Copy Trading' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    // Automatic copying runs: the card says what the switch does (no "next release" note any more).
    expect(toggle).toHaveAccessibleDescription(
      'Off: nothing is copied automatically; you can still copy a trade yourself.',
    );
    expect(screen.queryByText(/next release/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Copy Trades' })).toHaveAttribute('href', '/my-copies');
    expect(screen.queryByLabelText('Default Copy Amount ($)')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Saving...');
    const [call] = api.callsTo('POST /api/update-copy-trading');
    expect(call?.body).toEqual({ copyTradingEnabled: true });
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);

    pending.resolve({
      body: { success: true, user: { ...account, copyTradingEnabled: true }, message: 'Copy trading enabled' },
    });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(queryClient.getQueryData(authKeys.session())).toMatchObject({ copyTradingEnabled: true });
    expect(screen.getByLabelText('Default Copy Amount ($)')).toHaveAttribute('placeholder', '1000');
    expect(screen.getByLabelText('Maximum Copy Amount ($)')).toHaveAttribute('placeholder', '10000');
    expect(screen.getByLabelText('Default Copy Amount ($)')).toHaveAttribute('min', '1');
    expect(toggle).toHaveAccessibleDescription(
      'On: trades shared by the traces you subscribe to are copied into your Primary account automatically.',
    );
    expect(screen.getByLabelText('Default Copy Amount ($)')).toHaveAccessibleDescription(
      expect.stringContaining(
        'Each automatic copy buys the whole shares or contracts this amount covers at the current price, at least one ($1,000 when empty).',
      ),
    );
    expect(screen.getByLabelText('Maximum Copy Amount ($)')).toHaveAccessibleDescription(
      expect.stringContaining(
        'The most any one copy may cost, automatic or your own. An automatic copy is not placed when one share or contract costs more.',
      ),
    );
  });

  it('toasts-when-the-switch-cannot-be-saved', async () => {
    mockApi({ ...signedInAs(buildUser()), 'POST /api/update-copy-trading': { status: 500 } });
    const { user } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Enable Copy Trading' });
    await user.click(toggle);
    expect(await screen.findByText('Failed to update copy trading')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('saves-each-amount-change-one-after-another-and-empty-as-null', async () => {
    const account = buildUser({ copyTradingEnabled: true, defaultCopyAmount: 500, maxCopyAmount: null });
    const answers: Array<ReturnType<typeof deferred<MockResponse>>> = [];
    const api = mockApi({
      ...signedInAs(account),
      'POST /api/update-copy-settings': () => {
        const answer = deferred<MockResponse>();
        answers.push(answer);
        return answer.promise;
      },
    });
    const ok = (body: object): MockResponse => ({
      body: { success: true, user: { ...account, ...body }, message: 'Copy settings saved' },
    });
    const { user } = renderApp('/settings');
    const defaultAmount = await screen.findByLabelText('Default Copy Amount ($)');
    expect(defaultAmount).toHaveValue(500);

    await user.clear(defaultAmount);
    await user.type(defaultAmount, '75');
    expect(screen.getByText('Saving...')).toBeInTheDocument();
    // Fired on every change (empty, 7, 75), but one at a time, in the order typed.
    expect(api.callsTo('POST /api/update-copy-settings').map((call) => call.body)).toEqual([
      { defaultCopyAmount: null },
    ]);
    answers[0]!.resolve(ok({ defaultCopyAmount: null }));
    await waitFor(() => expect(api.callsTo('POST /api/update-copy-settings')).toHaveLength(2));
    answers[1]!.resolve(ok({ defaultCopyAmount: 7 }));
    await waitFor(() => expect(api.callsTo('POST /api/update-copy-settings')).toHaveLength(3));
    answers[2]!.resolve(ok({ defaultCopyAmount: 75 }));
    expect(await screen.findByText('Copy settings saved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/update-copy-settings').map((call) => call.body)).toEqual([
      { defaultCopyAmount: null },
      { defaultCopyAmount: 7 },
      { defaultCopyAmount: 75 },
    ]);

    // The maximum: 2 and 25 are below the default (75), so they are refused on screen and not sent.
    await user.type(screen.getByLabelText('Maximum Copy Amount ($)'), '2500');
    await waitFor(() => expect(api.callsTo('POST /api/update-copy-settings')).toHaveLength(4));
    answers[3]!.resolve(ok({ maxCopyAmount: 250 }));
    await waitFor(() => expect(api.callsTo('POST /api/update-copy-settings')).toHaveLength(5));
    answers[4]!.resolve(ok({ maxCopyAmount: 2500 }));
    expect(await screen.findByText('Copy settings saved')).toBeInTheDocument();
    expect(
      api
        .callsTo('POST /api/update-copy-settings')
        .slice(3)
        .map((call) => call.body),
    ).toEqual([{ maxCopyAmount: 250 }, { maxCopyAmount: 2500 }]);
  });

  it('shows-an-amount-the-rules-refuse-and-does-not-send-it', async () => {
    const account = buildUser({ copyTradingEnabled: true, defaultCopyAmount: null, maxCopyAmount: 100 });
    const api = mockApi({
      ...signedInAs(account),
      'POST /api/update-copy-settings': { body: { success: true, user: account, message: 'ok' } },
    });
    const { user } = renderApp('/settings');
    const defaultAmount = await screen.findByLabelText('Default Copy Amount ($)');
    await user.type(defaultAmount, '0');
    expect(await screen.findByText('Copy amount must be at least 1')).toBeInTheDocument();
    await user.clear(defaultAmount);
    await user.type(defaultAmount, '500');
    expect(
      await screen.findByText('Default copy amount cannot be greater than the maximum copy amount'),
    ).toBeInTheDocument();
    const sent = api.callsTo('POST /api/update-copy-settings').map((call) => call.body);
    expect(sent).not.toContainEqual({ defaultCopyAmount: 0 });
    expect(sent).not.toContainEqual({ defaultCopyAmount: 500 });
    expect(sent).toContainEqual({ defaultCopyAmount: 50 });
  });

  it('shows-the-close-automatic-copies-switch-off-by-default-and-saves-it-once-the-server-accepts', async () => {
    const pending = deferred<MockResponse>();
    const account = buildUser({ copyTradingEnabled: true, defaultCopyAmount: 500 });
    const api = mockApi({ ...signedInAs(account), 'POST /api/update-copy-settings': () => pending.promise });
    const { user, queryClient } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Close my automatic copies when the trader sells' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'When the trader sells a trade you copied automatically, your copy is sold at market too. Copies you make yourself stay open.',
    );

    await user.click(toggle);
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    const calls = api.callsTo('POST /api/update-copy-settings');
    expect(calls.map((call) => call.body)).toEqual([{ closeAutoCopiesOnTraderSell: true }]);
    expect(calls[0]?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
    expect(api.callsTo('POST /api/update-copy-trading')).toHaveLength(0);

    pending.resolve({
      body: {
        success: true,
        user: { ...account, closeAutoCopiesOnTraderSell: true },
        message: 'Copy settings saved',
      },
    });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toBeEnabled();
    expect(queryClient.getQueryData(authKeys.session())).toMatchObject({ closeAutoCopiesOnTraderSell: true });
    expect(screen.getByLabelText('Default Copy Amount ($)')).toHaveValue(500);

    api.set('POST /api/update-copy-settings', ({ body }) => ({
      body: { success: true, user: { ...account, ...(body as object) }, message: 'Copy settings saved' },
    }));
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(api.callsTo('POST /api/update-copy-settings').map((call) => call.body)).toEqual([
      { closeAutoCopiesOnTraderSell: true },
      { closeAutoCopiesOnTraderSell: false },
    ]);
  });

  it('shows-the-close-automatic-copies-switch-only-while-copy-trading-is-on', async () => {
    mockApi(signedInAs(buildUser({ copyTradingEnabled: false, closeAutoCopiesOnTraderSell: true })));
    renderApp('/settings');
    await screen.findByRole('switch', { name: 'Enable Copy Trading' });
    expect(
      screen.queryByRole('switch', { name: 'Close my automatic copies when the trader sells' }),
    ).not.toBeInTheDocument();
  });

  it('toasts-when-the-close-automatic-copies-switch-cannot-be-saved', async () => {
    mockApi({
      ...signedInAs(buildUser({ copyTradingEnabled: true })),
      'POST /api/update-copy-settings': { status: 500 },
    });
    const { user } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Close my automatic copies when the trader sells' });
    await user.click(toggle);
    expect(await screen.findByText('Failed to save copy settings')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toBeEnabled();
  });

  it('shows-the-server-message-when-an-amount-is-refused', async () => {
    const account = buildUser({ copyTradingEnabled: true });
    mockApi({
      ...signedInAs(account),
      'POST /api/update-copy-settings': {
        status: 400,
        body: errorBody('COPY_SETTINGS_INVALID', 'Copy amount must be at most 1,000,000,000'),
      },
    });
    const { user } = renderApp('/settings');
    await user.type(await screen.findByLabelText('Maximum Copy Amount ($)'), '7');
    expect(await screen.findByText('Copy amount must be at most 1,000,000,000')).toBeInTheDocument();
  });
});

describe('settings: notifications', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads-the-switches-with-the-user-id-as-bearer-and-the-privacy-note', async () => {
    const api = mockApi({ ...signedInAs(buildUser()), 'GET /api/user/notification-preferences': { body: PREFS } });
    renderApp('/settings?tab=notifications');
    const master = await screen.findByRole('switch', { name: 'Email Notifications' });
    expect(master).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Trade Shared' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Copied Trade Sold' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getAllByRole('switch')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Your privacy' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/user/notification-preferences')[0]?.headers.get('authorization')).toBe(
      'Bearer user-1',
    );
  });

  it('disables-the-two-sub-switches-while-email-notifications-are-off', async () => {
    mockApi({ ...signedInAs(buildUser()), 'GET /api/user/notification-preferences': { body: PREFS } });
    const { user } = renderApp('/settings?tab=notifications');
    const master = await screen.findByRole('switch', { name: 'Email Notifications' });
    await user.click(master);
    expect(master).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Trade Shared' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Copied Trade Sold' })).toBeDisabled();
    await user.click(master);
    expect(screen.getByRole('switch', { name: 'Trade Shared' })).toBeEnabled();
  });

  it('saves-the-whole-object-and-clears-the-success-message-after-3-seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      ...signedInAs(buildUser()),
      'GET /api/user/notification-preferences': { body: PREFS },
      'PUT /api/user/notification-preferences': ({ body }) => ({
        body: { success: true, preferences: body, message: 'ok' },
      }),
    });
    const { user } = renderApp('/settings?tab=notifications', { advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('switch', { name: 'Trade Shared' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));

    expect(await screen.findByText('Notification preferences saved successfully!')).toBeInTheDocument();
    const [call] = api.callsTo('PUT /api/user/notification-preferences');
    expect(call?.body).toEqual({
      emailNotifications: true,
      notifyOnTradeShared: false,
      notifyOnTradeSold: true,
      notifyOnCopiedTradeSold: false,
    });
    expect(call?.headers.get('authorization')).toBe('Bearer user-1');
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);

    vi.advanceTimersByTime(2900);
    expect(screen.getByText('Notification preferences saved successfully!')).toBeInTheDocument();
    vi.advanceTimersByTime(200);
    await waitFor(() =>
      expect(screen.queryByText('Notification preferences saved successfully!')).not.toBeInTheDocument(),
    );
  });

  it('shows-the-failure-for-5-seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      ...signedInAs(buildUser()),
      'GET /api/user/notification-preferences': { body: PREFS },
      'PUT /api/user/notification-preferences': { status: 500 },
    });
    const { user } = renderApp('/settings?tab=notifications', { advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save preferences. Please try again.');

    vi.advanceTimersByTime(4900);
    expect(screen.getByText('Failed to save preferences. Please try again.')).toBeInTheDocument();
    vi.advanceTimersByTime(200);
    await waitFor(() =>
      expect(screen.queryByText('Failed to save preferences. Please try again.')).not.toBeInTheDocument(),
    );
  });

  it('shows-loading-then-an-error-with-retry', async () => {
    const pending = deferred<MockResponse>();
    const api = mockApi({
      ...signedInAs(buildUser()),
      'GET /api/user/notification-preferences': () => pending.promise,
    });
    const { user } = renderApp('/settings?tab=notifications');
    expect(await screen.findByText('Loading notification preferences...')).toBeInTheDocument();
    pending.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'x') });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your notification preferences.");

    api.set('GET /api/user/notification-preferences', { body: PREFS });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Email Notifications' })).toBeInTheDocument();
  });
});
