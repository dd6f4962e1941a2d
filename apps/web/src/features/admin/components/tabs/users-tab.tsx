import type { AdminUserView } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminUsers, useToggleAdmin } from '../../api/admin-users';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks } from '../admin-toasts';
import { AdminPager } from '../common/admin-pager';
import { AdminSection } from '../common/admin-section';
import { ConfirmDialog } from '../common/confirm-dialog';
import { fullName } from '../common/format';
import { EmptyState, QueryView } from '../common/query-view';
import { formatDay } from '../traces/trace-labels';
import type { UserDetailsState } from './user-details-tab';

/** What each change does, said in the confirmation (see docs/product.md#admin-panel). */
export const ToggleAdminTexts = {
  grantTitle: 'Grant Admin Privileges',
  grantWarning:
    'Dangerous: admins have full system access — the admin panel, user management, system settings and trace and trade management. Grant it only to people you trust.',
  revokeTitle: 'Revoke Admin Privileges',
  revokeWarning: 'They lose the admin panel, user management, system settings and trace and trade management at once.',
} as const;

/**
 * The Users tab (docs/product.md#admin-panel): every user, 25 a page, searchable by username, e-mail or name; grant or
 * revoke admin after a confirmation (never offered on one's own row — the server refuses it too).
 */
export function UsersTab({ userId }: AdminTabProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, 300);
  const query = useAdminUsers(userId, { page, search: debounced });
  const [target, setTarget] = useState<AdminUserView | null>(null);
  const toggle = useToggleAdmin();
  const navigate = useNavigate();
  const showDetails = (user: AdminUserView) =>
    navigate({ search: '?tab=user-details' }, { state: { adminUser: user } satisfies UserDetailsState });

  const confirm = () => {
    if (!target || toggle.isPending) return;
    toggle.mutate({ userId, targetUserId: target.id, isAdmin: !target.isAdmin }, { onSettled: () => setTarget(null) });
  };
  const granting = target ? !target.isAdmin : true;

  return (
    <AdminSection title="Users" description="Every account. Grant or revoke admin privileges.">
      <div className="admin-filters">
        <div className="admin-filters__field admin-filters__field--wide">
          <Label htmlFor={searchId}>Search users</Label>
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            placeholder="Username, email or name"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading users…"
        errorText="Couldn't load the users."
        fallback={AdminFallbacks.fetchUsers}
        toastId="admin-users-load"
        isEmpty={(data) => data.users.length === 0}
        empty={
          <EmptyState
            title="No users found"
            text={debounced.trim() ? `No user matches "${debounced.trim()}".` : 'No account has been created yet.'}
          />
        }
      >
        {(data) => (
          <>
            <DataTable<AdminUserView>
              aria-label="Users"
              rows={data.users}
              rowKey={(row) => row.id}
              columns={[
                {
                  header: 'User',
                  cell: (row) => (
                    <div className="admin-cell-stack">
                      <span className="admin-strong">{row.username}</span>
                      <span className="muted small">{fullName(row.firstName, row.lastName) ?? '—'}</span>
                      <span className="muted small">{row.email}</span>
                    </div>
                  ),
                },
                {
                  header: 'Joined',
                  cell: (row) => <time dateTime={row.createdAt}>{formatDay(row.createdAt)}</time>,
                },
                {
                  header: 'Brokerage',
                  cell: (row) =>
                    row.brokerageConnected ? (
                      <Badge variant="success">Connected</Badge>
                    ) : row.snaptradeUserId ? (
                      <Badge variant="warning">Registered</Badge>
                    ) : (
                      <Badge variant="muted">None</Badge>
                    ),
                },
                {
                  header: 'Role',
                  cell: (row) =>
                    row.isAdmin ? <Badge variant="new">Admin</Badge> : <span className="muted">User</span>,
                },
                {
                  header: 'Actions',
                  cell: (row) => (
                    <div className="admin-actions">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => showDetails(row)}
                        aria-label={`Details ${row.username}`}
                      >
                        Details
                      </Button>
                      {row.id === userId ? (
                        <span className="muted small admin-you">You</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setTarget(row)}
                          aria-label={`${row.isAdmin ? 'Revoke admin' : 'Grant admin'} ${row.username}`}
                        >
                          {row.isAdmin ? 'Revoke admin' : 'Grant admin'}
                        </Button>
                      )}
                    </div>
                  ),
                },
              ]}
            />
            <AdminPager
              pagination={data.pagination}
              noun={['user', 'users']}
              onPage={setPage}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        onConfirm={confirm}
        pending={toggle.isPending}
        title={granting ? ToggleAdminTexts.grantTitle : ToggleAdminTexts.revokeTitle}
        description={
          target
            ? granting
              ? `Give ${target.username} (${target.email}) admin privileges?`
              : `Take admin privileges away from ${target.username} (${target.email})?`
            : ''
        }
        confirmLabel={granting ? 'Grant admin' : 'Revoke admin'}
        pendingLabel={granting ? 'Granting…' : 'Revoking…'}
      >
        <p className={granting ? 'alert alert--error small' : 'alert alert--warning small'}>
          {granting ? ToggleAdminTexts.grantWarning : ToggleAdminTexts.revokeWarning}
        </p>
      </ConfirmDialog>
    </AdminSection>
  );
}
