import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import {
  ADMIN,
  asAdmin,
  buildConnection,
  buildProviderUser,
  pagination,
  TARGET_ID,
} from '../../testing/admin-fixtures';
import { quiet, rowWith, setUpAdminTabTests } from '../../testing/admin-test-setup';

setUpAdminTabTests();

const orphan = buildProviderUser({
  snaptradeUserId: 'snap-orphan',
  userId: null,
  user: null,
  hasDbRecord: false,
  createdAt: null,
});

describe('admin panel: All Connections tab', { timeout: 30_000 }, () => {
  it('lists-every-users-connections-by-pages', async () => {
    const api = mockApi(
      asAdmin({
        'POST /api/admin/all-connections': {
          body: {
            success: true,
            connections: [buildConnection(), buildConnection({ id: 'conn-2', disabled: true, status: 'DISABLED' })],
            pagination: pagination(30),
          },
        },
      }),
    );
    const { user } = renderApp('/admin?tab=all-connections');

    const first = await rowWith('conn-1');
    expect(first).toHaveTextContent('jordan');
    expect(first).toHaveTextContent('Alpaca');
    expect(first).toHaveTextContent('Paper');
    expect(first).toHaveTextContent('Connected');
    expect(await rowWith('conn-2')).toHaveTextContent('Disabled');
    expect(screen.getByText('Page 1 of 2 · 30 connections')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/all-connections').at(-1)?.body).toEqual({ userId: ADMIN.id, page: 2 }),
    );
  });

  it('shows-the-empty-state-and-the-fallback', async () => {
    quiet();
    const api = mockApi(asAdmin({ 'POST /api/admin/all-connections': { status: 500 } }));
    const { user } = renderApp('/admin?tab=all-connections');
    expect(await screen.findByText('Failed to fetch connections')).toBeInTheDocument();
    api.set('POST /api/admin/all-connections', {
      body: { success: true, connections: [], pagination: pagination(0) },
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No connections')).toBeInTheDocument();
  });
});

describe('admin panel: SnapTrade Users tab', { timeout: 30_000 }, () => {
  const answer = {
    body: {
      success: true,
      provider: 'snaptrade',
      totalSnapTradeUsers: 2,
      usersWithDbRecord: 1,
      orphanedDbUsers: 0,
      users: [buildProviderUser(), orphan],
    },
  };

  it('shows-the-totals-the-record-flag-and-the-not-implemented-cleanup', async () => {
    mockApi(asAdmin({ 'POST /api/admin/snaptrade-users': answer }));
    const { user } = renderApp('/admin?tab=snaptrade-users');

    expect(await screen.findByText('SnapTrade users', { selector: 'dt' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('SnapTrade users')).toBe('2');
    expect(value('With a database record')).toBe('1');
    expect(value('Orphaned database records')).toBe('0');
    expect(await rowWith('snap-user-1')).toHaveTextContent('jordanjordan@example.comYesYes');
    expect(await rowWith('snap-orphan')).toHaveTextContent('—NoYes');

    await user.click(screen.getByRole('button', { name: 'Clean up orphaned users' }));
    expect(await screen.findByText('Cleaning up orphaned users is not implemented yet.')).toBeInTheDocument();
    expect(screen.getByText('Info')).toBeInTheDocument();
  });

  it('deletes-a-provider-user-after-a-confirmation', async () => {
    const api = mockApi(
      asAdmin({
        'POST /api/admin/snaptrade-users': answer,
        'POST /api/admin/delete-snaptrade-user': {
          body: { success: true, message: 'SnapTrade user deleted successfully', removedConnections: [] },
        },
      }),
    );
    const { user } = renderApp('/admin?tab=snaptrade-users');

    await user.click(
      within(await rowWith('snap-orphan')).getByRole('button', { name: 'Delete SnapTrade user snap-orphan' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete SnapTrade User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete SnapTrade user' }));
    expect(await screen.findByText('SnapTrade user deleted successfully')).toBeInTheDocument();
    // An orphan at the provider has no user of ours to name.
    expect(api.callsTo('POST /api/admin/delete-snaptrade-user')[0]?.body).toEqual({
      userId: ADMIN.id,
      snaptradeUserId: 'snap-orphan',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowWith('snap-user-1')).getByRole('button', { name: /^Delete/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete SnapTrade User' })).getByRole('button', {
        name: 'Delete SnapTrade user',
      }),
    );
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/delete-snaptrade-user')[1]?.body).toEqual({
        userId: ADMIN.id,
        snaptradeUserId: 'snap-user-1',
        targetUserId: TARGET_ID,
      }),
    );
  });

  it('uses-the-fallback-when-the-list-fails', async () => {
    quiet();
    mockApi(asAdmin({ 'POST /api/admin/snaptrade-users': { status: 502 } }));
    renderApp('/admin?tab=snaptrade-users');
    expect(await screen.findByText('Failed to fetch SnapTrade users')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load the SnapTrade users.");
  });
});
