import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '@/testing/data';
import { mockApi, signedInAs } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { loadCopyTradeDialog } from '@/app/copy-dialog-loaders';

const ADMIN = buildAdmin({
  id: '0b7a3c1e-0000-4000-8000-00000000a001',
  snaptradeUserId: 'st-admin',
  snaptradeUserSecret: 'secret',
  brokerageConnected: true,
});
const COPY = 'POST /api/snaptrade/copy-trade';

function mockPanel() {
  return mockApi({
    ...signedInAs(ADMIN),
    [`GET /api/snaptrade/accounts/${ADMIN.id}`]: {
      body: {
        success: true,
        accounts: [
          {
            id: 'acc-1',
            connection_id: 'conn-1',
            name: 'Paper Trading',
            number: '****1234',
            institution_name: 'Paper',
            created_date: null,
            is_paper: true,
            status: 'open',
            balance: { total: null, buying_power: null },
          },
        ],
      },
    },
  });
}

configure({ asyncUtilTimeout: 12_000 });
beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/app/admin'),
    import('@/features/admin/components/tabs/dev-tab'),
    loadCopyTradeDialog(),
  ]);
}, 60_000);

async function openDemo(view: ReturnType<typeof renderApp>, label: string, title: string) {
  const table = await screen.findByRole('table', { name: 'Demo trades' });
  await view.user.click(within(table).getByRole('button', { name: `Open copy dialog: ${label} demo` }));
  const dialog = await screen.findByRole('dialog', { name: title });
  await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveTextContent('Paper Trading'));
  return dialog;
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Copy Trade' });

describe('admin panel: Dev tab', { timeout: 30_000 }, () => {
  it('lists-the-six-documented-demo-trades', async () => {
    mockPanel();
    renderApp('/admin?tab=dev');
    expect(await screen.findByRole('heading', { name: 'Dev Only', level: 2 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Demo trades' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Stock',
      'Options',
      'Closed',
      'Large',
      'Incomplete options',
      'Sell',
    ]);
    expect(within(rows[1]!).getByText('CALL · 450 · 2026-12-18')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$325.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Closed', { selector: 'td:not(:first-child)' })).toBeInTheDocument();
    expect(within(rows[3]!).getByText('1,000')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('PUT · no strike · no expiry')).toBeInTheDocument();
    expect(within(rows[5]!).getAllByText('Sell')).toHaveLength(2); // the demo's name and its side
  });

  it('opens-the-copy-dialog-with-the-options-large-and-sell-demos', async () => {
    mockPanel();
    const view = renderApp('/admin?tab=dev');
    let dialog = await openDemo(view, 'Options', 'Copy SPY Trade');
    expect(within(dialog).getByText('Buy SPY CALL $450.00 2026-12-18')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity (contracts)' })).toHaveValue(2);
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDemo(view, 'Large', 'Copy NVDA Trade');
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity (shares)' })).toHaveValue(1000);
    expect(within(dialog).getByText(/Estimated cost \$902,150\.00/)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDemo(view, 'Sell', 'Copy MSFT Trade');
    expect(within(dialog).getByText('Sell MSFT')).toBeInTheDocument();
  });

  it('refuses-the-incomplete-options-and-closed-demos-before-any-call', async () => {
    const api = mockPanel();
    const view = renderApp('/admin?tab=dev');
    let dialog = await openDemo(view, 'Incomplete options', 'Copy QQQ Trade');
    await view.user.click(submit(dialog));
    expect(await screen.findByText('Incomplete Options Data')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Cannot copy options trade: missing strikePrice, expirationDate. The original trade may not have complete options information.',
      ),
    ).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDemo(view, 'Closed', 'Copy TSLA Trade');
    await view.user.click(submit(dialog));
    expect(await screen.findByText('Trade Closed')).toBeInTheDocument();
    expect(screen.getByText('This trade is closed and can no longer be copied.')).toBeInTheDocument();
    expect(api.callsTo(COPY)).toHaveLength(0);
  });
});
