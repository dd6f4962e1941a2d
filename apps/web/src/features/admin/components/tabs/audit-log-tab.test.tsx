import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { ADMIN, asAdmin, buildAuditEntry, pagination, TARGET_ID } from '../../testing/admin-fixtures';
import { quiet, rowWith, setUpAdminTabTests } from '../../testing/admin-test-setup';
import { changesOf } from './audit-log-tab';

setUpAdminTabTests();

const LOG = 'POST /api/admin/audit-log';
const grant = buildAuditEntry();
const share = buildAuditEntry({
  id: 'au000000-0000-4000-8000-000000000002',
  action: 'trade.share',
  actor: { id: ADMIN.id, username: null, email: null },
  target: { type: 'trade', id: 'trade-1' },
  before: { isShared: false, requiredTier: null },
  after: { isShared: true, requiredTier: 'premium' },
  createdAt: '2026-11-22T09:00:00.000Z',
});
const logAnswer = (entries = [share, grant], total = entries.length, page = 1) => ({
  body: { success: true, entries, pagination: pagination(total, page) },
});

describe('admin panel: Audit Log tab', { timeout: 30_000 }, () => {
  it('lists-the-entries-as-the-server-orders-them-with-before-and-after', async () => {
    const api = mockApi(asAdmin({ [LOG]: logAnswer() }));
    renderApp('/admin?tab=audit-log');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Share trade');
    expect(rows[0]).toHaveTextContent('Deleted account');
    expect(rows[0]).toHaveTextContent('isShared: false → true');
    expect(rows[0]).toHaveTextContent('requiredTier: — → premium');
    expect(rows[1]).toHaveTextContent('Grant or revoke admin');
    expect(rows[1]).toHaveTextContent('isAdmin: false → true');
    expect(within(await rowWith('Grant or revoke admin')).getByText(TARGET_ID)).toBeInTheDocument();
    expect(api.callsTo(LOG)[0]?.body).toEqual({ userId: ADMIN.id, page: 1 });
  });

  it('filters-by-actor-and-action-and-pages', async () => {
    const api = mockApi(asAdmin({ [LOG]: logAnswer([grant], 40) }));
    const { user } = renderApp('/admin?tab=audit-log');

    await rowWith('Grant or revoke admin');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo(LOG).at(-1)?.body).toEqual({ userId: ADMIN.id, page: 2 }));

    await user.click(screen.getByLabelText('Actor user id'));
    await user.paste(ADMIN.id);
    await chooseOption(user, screen.getByRole('combobox', { name: 'Action' }), 'Share trade');
    await waitFor(() =>
      expect(api.callsTo(LOG).at(-1)?.body).toEqual({
        userId: ADMIN.id,
        page: 1,
        actorUserId: ADMIN.id,
        action: 'trade.share',
      }),
    );
  });

  it('shows-the-empty-state-and-the-fallback', async () => {
    quiet();
    const api = mockApi(asAdmin({ [LOG]: { status: 500 } }));
    const { user } = renderApp('/admin?tab=audit-log');

    expect(await screen.findByText('Failed to fetch audit log')).toBeInTheDocument();
    api.set(LOG, logAnswer([]));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No admin action yet.')).toBeInTheDocument();
  });

  it('says-what-changed', () => {
    expect(changesOf({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual([{ key: 'b', before: '2', after: '3' }]);
    expect(changesOf(null, { enabled: true })).toEqual([{ key: null, before: '—', after: '{"enabled":true}' }]);
  });
});
