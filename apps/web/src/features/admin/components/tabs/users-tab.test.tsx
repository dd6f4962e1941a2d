import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { ADMIN, ADMIN_ROW, asAdmin, buildAdminUser, pagination, TARGET_ID } from '../../testing/admin-fixtures';
import { quiet, rowWith, setUpAdminTabTests } from '../../testing/admin-test-setup';

setUpAdminTabTests();

const jordan = buildAdminUser({ brokerageConnected: true, snaptradeUserId: 'snap-1' });
const priya = buildAdminUser({
  id: '4d5e6f70-0000-4000-8000-00000000e005',
  username: 'priya',
  email: 'priya@example.com',
  firstName: '',
  lastName: '',
  isAdmin: true,
});
const usersAnswer = (users = [ADMIN_ROW, jordan, priya], total = users.length, page = 1) => ({
  body: { success: true, users, pagination: pagination(total, page) },
});
const row = rowWith;

describe('admin panel: Users tab', { timeout: 30_000 }, () => {
  it('opens-first-and-lists-the-users-without-an-action-on-ones-own-row', async () => {
    const api = mockApi(asAdmin({ 'POST /api/admin/users': usersAnswer() }));
    renderApp('/admin');

    expect(await screen.findByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Users' });
    const own = await row('admin');
    expect(table).toContainElement(own);
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /^(Grant|Revoke) admin/ })).not.toBeInTheDocument();

    const target = await row('jordan');
    expect(within(target).getByText('Jordan Lee')).toBeInTheDocument();
    expect(within(target).getByText('jordan@example.com')).toBeInTheDocument();
    expect(within(target).getByText('Connected')).toBeInTheDocument();
    expect(within(target).getByText('May 2, 2026')).toBeInTheDocument();
    expect(within(target).getByRole('button', { name: 'Grant admin jordan' })).toBeInTheDocument();
    expect(within(await row('priya')).getByRole('button', { name: 'Revoke admin priya' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 · 3 users')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users')[0]?.body).toEqual({ userId: ADMIN.id, page: 1 });
  });

  it('searches-and-pages', async () => {
    const api = mockApi(asAdmin({ 'POST /api/admin/users': usersAnswer([ADMIN_ROW, jordan], 60) }));
    const { user } = renderApp('/admin?tab=users');

    await row('jordan');
    expect(screen.getByText('Page 1 of 3 · 60 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    api.set('POST /api/admin/users', usersAnswer([priya], 60, 2));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await row('priya');
    expect(api.callsTo('POST /api/admin/users').at(-1)?.body).toEqual({ userId: ADMIN.id, page: 2 });

    api.set('POST /api/admin/users', usersAnswer([], 0));
    await user.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('No user matches "nobody".')).toBeInTheDocument();
    // A new search starts again at page 1.
    expect(api.callsTo('POST /api/admin/users').at(-1)?.body).toEqual({ userId: ADMIN.id, page: 1, search: 'nobody' });
  });

  it('grants-admin-after-the-dangerous-confirmation', async () => {
    const api = mockApi(
      asAdmin({
        'POST /api/admin/users': usersAnswer(),
        'POST /api/admin/toggle-admin': {
          body: { success: true, message: 'Admin privileges granted to jordan', user: { ...jordan, isAdmin: true } },
        },
      }),
    );
    const { user } = renderApp('/admin');

    await user.click(within(await row('jordan')).getByRole('button', { name: 'Grant admin jordan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant Admin Privileges' });
    expect(dialog).toHaveTextContent('Give jordan (jordan@example.com) admin privileges?');
    expect(dialog).toHaveTextContent('Dangerous: admins have full system access');
    // Cancel is focused first and sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/admin/toggle-admin')).toHaveLength(0);

    api.set('POST /api/admin/users', usersAnswer([ADMIN_ROW, { ...jordan, isAdmin: true }, priya]));
    await user.click(within(await row('jordan')).getByRole('button', { name: 'Grant admin jordan' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Grant Admin Privileges' })).getByRole('button', {
        name: 'Grant admin',
      }),
    );
    expect(await screen.findByText('Admin privileges granted to jordan')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/toggle-admin')[0]?.body).toEqual({
      userId: ADMIN.id,
      targetUserId: TARGET_ID,
      isAdmin: true,
    });
    // The list is read again: jordan now offers Revoke.
    expect(await within(await row('jordan')).findByRole('button', { name: 'Revoke admin jordan' })).toBeInTheDocument();
  });

  it('revokes-admin-with-its-own-wording-and-shows-the-servers-refusal', async () => {
    quiet();
    const api = mockApi(
      asAdmin({
        'POST /api/admin/users': usersAnswer(),
        'POST /api/admin/toggle-admin': {
          status: 409,
          body: errorBody('LAST_ADMIN', 'The last admin cannot be demoted'),
        },
      }),
    );
    const { user } = renderApp('/admin');

    await user.click(within(await row('priya')).getByRole('button', { name: 'Revoke admin priya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Admin Privileges' });
    expect(dialog).toHaveTextContent('Take admin privileges away from priya (priya@example.com)?');
    expect(dialog).toHaveTextContent(
      'They lose the admin panel, user management, system settings and trace and trade management at once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke admin' }));
    expect(await screen.findByText('The last admin cannot be demoted')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/toggle-admin')[0]?.body).toMatchObject({ isAdmin: false });
  });

  it('uses-the-fallbacks-without-a-server-message', async () => {
    quiet();
    const api = mockApi(asAdmin({ 'POST /api/admin/users': { status: 500 } }));
    const { user } = renderApp('/admin');

    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load the users.");

    api.set('POST /api/admin/users', usersAnswer());
    api.set('POST /api/admin/toggle-admin', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(within(await row('jordan')).getByRole('button', { name: 'Grant admin jordan' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Grant Admin Privileges' })).getByRole('button', {
        name: 'Grant admin',
      }),
    );
    expect(await screen.findByText('Failed to toggle admin status')).toBeInTheDocument();
  });
});
