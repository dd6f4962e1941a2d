import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { errorBody, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { ADMIN, asAdmin, buildAdminTrade, pagination } from '../../testing/admin-fixtures';
import { quiet, setUpAdminTabTests } from '../../testing/admin-test-setup';

setUpAdminTabTests();

const copies = ['ava', 'ben', 'cy'].map((name, index) => ({
  id: `copy-${index}`,
  copierUserId: `user-${index}`,
  copierUsername: name,
  copyAmount: 1000 * (index + 1),
  copiedAt: '2026-11-21T14:00:00.000Z',
  status: index === 2 ? ('closed' as const) : ('open' as const),
}));
const shared = buildAdminTrade({ copyCount: 5, copyInstances: copies, moreCopies: 2 });
const option = buildAdminTrade({
  id: '7a000000-0000-4000-8000-000000000002',
  symbol: 'SPY',
  side: 'sell',
  isOptions: true,
  optionType: 'call',
  strikePrice: 450,
  expirationDate: '2026-12-18',
  isShared: false,
  requiredTier: null,
  status: 'closed',
  notes: null,
  tags: [],
  realizedPnl: -120,
});
const tradesAnswer = (trades = [shared, option], total = trades.length, page = 1) => ({
  body: { success: true, trades, pagination: pagination(total, page) },
});
const card = (name: string) => screen.findByRole('listitem', { name });

describe('admin panel: Trades tab', { timeout: 30_000 }, () => {
  it('lists-the-trades-with-their-facts-and-up-to-three-copies-then-and-n-more', async () => {
    const api = mockApi(asAdmin({ 'POST /api/admin/trades': tradesAnswer() }));
    renderApp('/admin?tab=trades');

    const first = await card('AAPL buy by maya_chen');
    expect(within(first).getByText('Shared · Basic')).toBeInTheDocument();
    // The trade is open, and so are two of its copies.
    expect(within(first).getAllByText('Open')).toHaveLength(3);
    expect(within(first).getByText('Momentum Masters')).toBeInTheDocument();
    expect(within(first).getByText('$185.50')).toBeInTheDocument();
    expect(within(first).getByText('+$45.00')).toBeInTheDocument();
    expect(within(first).getByText('Momentum')).toBeInTheDocument();
    expect(within(first).getByText('Breakout over resistance')).toBeInTheDocument();
    expect(within(first).getByText('tech, swing')).toBeInTheDocument();
    expect(within(first).getByText('5 copies')).toBeInTheDocument();
    for (const name of ['ava', 'ben', 'cy']) expect(within(first).getByText(name)).toBeInTheDocument();
    expect(within(first).getByText('$3,000.00')).toBeInTheDocument();
    expect(within(first).getByText('...and 2 more')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Unshare AAPL buy by maya_chen' })).toBeInTheDocument();

    const second = await card('SPY sell by maya_chen');
    expect(within(second).getByText('CALL · $450.00 · exp 2026-12-18')).toBeInTheDocument();
    expect(within(second).getByText('Not shared')).toBeInTheDocument();
    expect(within(second).getByText('Closed')).toBeInTheDocument();
    expect(within(second).getByText('-$120.00')).toBeInTheDocument();
    expect(within(second).getByText('No copies')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Share SPY sell by maya_chen' })).toBeInTheDocument();

    expect(api.callsTo('POST /api/admin/trades')[0]?.body).toEqual({ userId: ADMIN.id, page: 1, limit: 25 });
  });

  it('filters-by-symbol-trace-and-shared-flag-and-pages-by-25', async () => {
    const api = mockApi(asAdmin({ 'POST /api/admin/trades': tradesAnswer([shared], 60) }));
    const { user } = renderApp('/admin?tab=trades');

    await card('AAPL buy by maya_chen');
    expect(screen.getByText('Page 1 of 3 · 60 trades')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/trades').at(-1)?.body).toMatchObject({ page: 2 }));

    await user.type(screen.getByLabelText('Symbol'), 'aapl');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Shared' }), 'Shared');
    await user.click(screen.getByLabelText('Trace id'));
    await user.paste(shared.trace.id);
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/trades').at(-1)?.body).toEqual({
        userId: ADMIN.id,
        page: 1,
        limit: 25,
        symbol: 'aapl',
        traceId: shared.trace.id,
        isShared: true,
      }),
    );

    api.set('POST /api/admin/trades', tradesAnswer([]));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Shared' }), 'Not shared');
    expect(await screen.findByText('No trades found')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/trades').at(-1)?.body).toMatchObject({ isShared: false });
  });

  it('shares-at-premium-by-default-or-the-chosen-tier-after-the-confirmation', async () => {
    const api = mockApi(
      asAdmin({
        'POST /api/admin/trades': tradesAnswer(),
        'POST /api/admin/share-trade': {
          body: { success: true, message: 'Trade shared with vip subscribers and above', trade: option },
        },
      }),
    );
    const { user } = renderApp('/admin?tab=trades');

    await user.click(within(await card('SPY sell by maya_chen')).getByRole('button', { name: /^Share/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Trade' });
    expect(within(dialog).getByRole('combobox', { name: 'Required tier' })).toHaveTextContent('Premium');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/admin/share-trade')).toHaveLength(0);

    await user.click(within(await card('SPY sell by maya_chen')).getByRole('button', { name: /^Share/ }));
    const again = await screen.findByRole('dialog', { name: 'Share Trade' });
    await user.click(within(again).getByRole('button', { name: 'Share Trade' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/share-trade')[0]?.body).toEqual({
        userId: ADMIN.id,
        tradeId: option.id,
        requiredTier: 'premium',
      }),
    );
    expect(await screen.findByText('Trade shared with vip subscribers and above')).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await card('SPY sell by maya_chen')).getByRole('button', { name: /^Share/ }));
    const third = await screen.findByRole('dialog', { name: 'Share Trade' });
    await chooseOption(user, within(third).getByRole('combobox', { name: 'Required tier' }), 'VIP');
    await user.click(within(third).getByRole('button', { name: 'Share Trade' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/share-trade')[1]?.body).toMatchObject({ requiredTier: 'vip' }),
    );
    // The list is read again after each change.
    await waitFor(() => expect(api.callsTo('POST /api/admin/trades').length).toBeGreaterThanOrEqual(3));
  });

  it('unshares-and-deletes-after-their-confirmations', async () => {
    const api = mockApi(
      asAdmin({
        'POST /api/admin/trades': tradesAnswer(),
        'POST /api/admin/unshare-trade': {
          body: { success: true, message: 'Trade unshared. Existing copies are untouched.', trade: shared },
        },
        'POST /api/admin/delete-trade': {
          body: { success: true, message: 'Trade deleted. Its 5 copies were kept.', copiesKept: 5 },
        },
      }),
    );
    const { user } = renderApp('/admin?tab=trades');

    await user.click(within(await card('AAPL buy by maya_chen')).getByRole('button', { name: /^Unshare/ }));
    const unshare = await screen.findByRole('dialog', { name: 'Unshare Trade' });
    expect(unshare).toHaveTextContent('Existing copies stay untouched.');
    await user.click(within(unshare).getByRole('button', { name: 'Unshare Trade' }));
    expect(await screen.findByText('Trade unshared. Existing copies are untouched.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/unshare-trade')[0]?.body).toEqual({ userId: ADMIN.id, tradeId: shared.id });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await card('AAPL buy by maya_chen')).getByRole('button', { name: /^Delete/ }));
    const remove = await screen.findByRole('dialog', { name: 'Delete Trade' });
    expect(remove).toHaveTextContent('Its copies are kept');
    await user.click(within(remove).getByRole('button', { name: 'Delete Trade' }));
    expect(await screen.findByText('Trade deleted. Its 5 copies were kept.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/delete-trade')[0]?.body).toEqual({ userId: ADMIN.id, tradeId: shared.id });
  });

  it('shows-the-server-message-or-the-fallbacks-on-failure', async () => {
    quiet();
    const api = mockApi(asAdmin({ 'POST /api/admin/trades': { status: 500 } }));
    const { user } = renderApp('/admin?tab=trades');

    expect(await screen.findByText('Failed to fetch trades')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load the trades.");

    api.set('POST /api/admin/trades', tradesAnswer());
    api.set('POST /api/admin/unshare-trade', { status: 500 });
    api.set('POST /api/admin/delete-trade', { status: 404, body: errorBody('NOT_FOUND', 'Trade not found') });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(within(await card('AAPL buy by maya_chen')).getByRole('button', { name: /^Unshare/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unshare Trade' })).getByRole('button', {
        name: 'Unshare Trade',
      }),
    );
    expect(await screen.findByText('Failed to unshare trade')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await card('AAPL buy by maya_chen')).getByRole('button', { name: /^Delete/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Trade' })).getByRole('button', { name: 'Delete Trade' }),
    );
    expect(await screen.findByText('Trade not found')).toBeInTheDocument();
  });
});
