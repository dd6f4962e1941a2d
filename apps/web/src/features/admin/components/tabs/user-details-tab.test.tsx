import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { ADMIN, ADMIN_ROW, asAdmin, buildAdminUser, pagination, TARGET_ID } from '../../testing/admin-fixtures';
import { quiet, rowWith, setUpAdminTabTests } from '../../testing/admin-test-setup';

setUpAdminTabTests();

const jordan = buildAdminUser({ snaptradeUserId: 'snap-jordan', brokerageConnected: true });
const connection = {
  id: 'auth-1',
  name: 'Alpaca Paper',
  type: 'trade' as const,
  disabled: false,
  status: 'CONNECTED' as const,
  created_date: '2026-06-01T12:00:00.000Z',
  disabled_date: null,
  detail: null,
  brokerage: { slug: 'ALPACA', name: 'Alpaca', display_name: 'Alpaca', description: '', aws_s3_logo_url: null },
};
const account = {
  id: 'acct-1',
  connection_id: 'auth-1',
  name: 'Individual',
  number: '****1234',
  institution_name: 'Alpaca',
  created_date: null,
  is_paper: true,
  status: 'open',
  balance: { total: { amount: 25_000, currency: 'USD' }, buying_power: null },
};
const holding = {
  symbol: 'AAPL',
  description: 'Apple',
  quantity: 12,
  price: 190.5,
  value: 2286,
  averagePurchasePrice: 180,
  currency: 'USD',
  isOptions: false,
  optionsTicker: null,
  optionType: null,
  strikePrice: null,
  expirationDate: null,
  contractMultiplier: 1,
  accountId: 'acct-1',
};
const routes = () =>
  asAdmin({
    'POST /api/admin/users': { body: { success: true, users: [ADMIN_ROW, jordan], pagination: pagination(2) } },
    'POST /api/admin/user-connections': {
      body: {
        success: true,
        userId: TARGET_ID,
        hasSnaptradeConnection: true,
        snaptradeUserId: 'snap-jordan',
        connections: [connection],
        accounts: [account],
      },
    },
    'POST /api/admin/user-holdings': { body: { success: true, userId: TARGET_ID, holdings: [holding] } },
  });
const changed = (message: string) => ({ body: { success: true, message, removedConnections: ['auth-1'] } });

async function openJordan() {
  const view = renderApp('/admin?tab=user-details');
  expect(await screen.findByText('Select a user to view details')).toBeInTheDocument();
  await view.user.click(await screen.findByRole('button', { name: /jordan/ }));
  return view;
}

describe('admin panel: User Details tab', { timeout: 30_000 }, () => {
  it('starts-empty-then-shows-info-connections-and-holdings-of-the-picked-user', async () => {
    const api = mockApi(routes());
    const { user } = await openJordan();

    const info = await screen.findByRole('tabpanel', { name: 'Info' });
    expect(within(info).getByText(TARGET_ID)).toBeInTheDocument();
    expect(within(info).getByText('Jordan Lee')).toBeInTheDocument();
    expect(await within(info).findByText('snap-jordan')).toBeInTheDocument();
    expect(within(info).getByText('Brokerage connected')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    const connections = await screen.findByRole('table', { name: 'Connections of jordan' });
    expect(within(connections).getByText('auth-1')).toBeInTheDocument();
    expect(within(connections).getByText('Connected')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Accounts of jordan' })).toHaveTextContent('$25,000.00');

    await user.click(screen.getByRole('tab', { name: 'Holdings' }));
    const holdings = await screen.findByRole('table', { name: 'Holdings of jordan' });
    expect(within(holdings).getAllByRole('row')[1]).toHaveTextContent('AAPL12$190.50$2,286.00acct-1');
    expect(api.callsTo('POST /api/admin/user-holdings')[0]?.body).toEqual({
      userId: ADMIN.id,
      targetUserId: TARGET_ID,
    });
  });

  it('opens-from-the-users-tab-details-button', async () => {
    mockApi(routes());
    const { user, location } = renderApp('/admin');
    await user.click(within(await rowWith('jordan')).getByRole('button', { name: 'Details jordan' }));
    expect(location().search).toBe('?tab=user-details');
    expect(await screen.findByRole('tabpanel', { name: 'Info' })).toHaveTextContent('jordan@example.com');
  });

  it('deletes-all-one-connection-or-an-authorization-after-confirmations', async () => {
    const api = mockApi({
      ...routes(),
      'POST /api/admin/delete-connection': changed('Deleted 1 brokerage connection of the user'),
      'POST /api/admin/delete-specific-connection': changed('Connection deleted successfully'),
      'POST /api/admin/remove-brokerage': changed('Brokerage authorization removed successfully'),
    });
    const { user } = await openJordan();
    await user.click(await screen.findByRole('tab', { name: 'Connections' }));

    await user.click(await screen.findByRole('button', { name: 'Delete all connections' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Connection' });
    expect(dialog).toHaveTextContent('Delete every brokerage connection of jordan?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/admin/delete-connection')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete all connections' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete all connections' }));
    expect(await screen.findByText('Deleted 1 brokerage connection of the user')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/delete-connection')[0]?.body).toEqual({
      userId: ADMIN.id,
      targetUserId: TARGET_ID,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Delete connection Alpaca auth-1' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByText('Connection deleted successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/delete-specific-connection')[0]?.body).toEqual({
      userId: ADMIN.id,
      targetUserId: TARGET_ID,
      connectionId: 'auth-1',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Remove authorization Alpaca auth-1' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Brokerage Authorization' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove authorization' }));
    expect(await screen.findByText('Brokerage authorization removed successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/remove-brokerage')[0]?.body).toEqual({
      userId: ADMIN.id,
      targetUserId: TARGET_ID,
      brokerageAuthorizationId: 'auth-1',
    });
  });

  it('deletes-the-snaptrade-user-after-a-confirmation-and-shows-the-fallbacks', async () => {
    quiet();
    const api = mockApi({
      ...routes(),
      'POST /api/admin/delete-snaptrade-user': { status: 500 },
      'POST /api/admin/user-holdings': { status: 503, body: errorBody('SERVICE_UNAVAILABLE', '') },
    });
    const { user } = await openJordan();

    await user.click(await screen.findByRole('button', { name: 'Delete SnapTrade user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete SnapTrade User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete SnapTrade user' }));
    expect(await screen.findByText('Failed to delete SnapTrade user')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/delete-snaptrade-user')[0]?.body).toEqual({
      userId: ADMIN.id,
      snaptradeUserId: 'snap-jordan',
      targetUserId: TARGET_ID,
    });

    await user.click(screen.getByRole('tab', { name: 'Holdings' }));
    expect(await screen.findByText('Failed to fetch holdings')).toBeInTheDocument();
  });
});
