import type { AdminProviderUserView } from '@copytrade/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { useDeleteSnaptradeUser, useSnaptradeUsers } from '../../api/admin-brokerage';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks, toastAdminInfo } from '../admin-toasts';
import { AdminSection } from '../common/admin-section';
import { ConfirmDialog } from '../common/confirm-dialog';
import { formatDateTime } from '../common/format';
import { EmptyState, QueryView } from '../common/query-view';
import { formatWholeNumber } from '../traces/trace-labels';

/** The cleanup is not implemented; an Info toast says so (see docs/product.md#admin-panel). */
export const ORPHAN_CLEANUP_NOT_IMPLEMENTED = 'Cleaning up orphaned users is not implemented yet.';

/**
 * SnapTrade Users (docs/product.md#admin-panel): the provider's users with the totals (totalSnapTradeUsers,
 * usersWithDbRecord, orphanedDbUsers) and, per user, whether a database record exists; a provider user can be deleted
 * after a confirmation. 'Clean up orphaned users' only says it is not implemented.
 */
export function SnapTradeUsersTab({ userId }: AdminTabProps) {
  const query = useSnaptradeUsers(userId);
  const remove = useDeleteSnaptradeUser();
  const [target, setTarget] = useState<AdminProviderUserView | null>(null);

  const confirm = () => {
    if (!target || remove.isPending) return;
    remove.mutate(
      { userId, snaptradeUserId: target.snaptradeUserId, ...(target.userId ? { targetUserId: target.userId } : {}) },
      { onSettled: () => setTarget(null) },
    );
  };

  return (
    <AdminSection
      title="SnapTrade Users"
      description="Users registered at the brokerage-aggregation provider, and whether each has a record here."
      actions={
        <Button size="sm" variant="outline" onClick={() => toastAdminInfo(ORPHAN_CLEANUP_NOT_IMPLEMENTED)}>
          Clean up orphaned users
        </Button>
      }
    >
      <QueryView
        query={query}
        loadingLabel="Loading SnapTrade users…"
        errorText="Couldn't load the SnapTrade users."
        fallback={AdminFallbacks.fetchSnaptradeUsers}
        toastId="admin-snaptrade-users-load"
      >
        {(data) => (
          <>
            <dl className="admin-totals">
              <Total label="SnapTrade users" value={data.totalSnapTradeUsers} />
              <Total label="With a database record" value={data.usersWithDbRecord} />
              <Total label="Orphaned database records" value={data.orphanedDbUsers} />
            </dl>
            {data.provider === 'paper' ? (
              <p className="muted small">The paper broker stands in for the provider in this environment.</p>
            ) : null}
            {data.users.length === 0 ? (
              <EmptyState title="No SnapTrade users" text="No user has registered a brokerage yet." />
            ) : (
              <DataTable<AdminProviderUserView>
                aria-label="SnapTrade users"
                rows={data.users}
                rowKey={(row) => row.snaptradeUserId}
                columns={[
                  {
                    header: 'SnapTrade user id',
                    cell: (row) => <span className="mono small">{row.snaptradeUserId}</span>,
                  },
                  {
                    header: 'User',
                    cell: (row) =>
                      row.user ? (
                        <div className="admin-cell-stack">
                          <span className="admin-strong">{row.user.username ?? 'Unknown user'}</span>
                          <span className="muted small">{row.user.email ?? row.userId}</span>
                        </div>
                      ) : (
                        <span className="muted">—</span>
                      ),
                  },
                  {
                    header: 'Database record',
                    cell: (row) =>
                      row.hasDbRecord ? <Badge variant="success">Yes</Badge> : <Badge variant="warning">No</Badge>,
                  },
                  {
                    header: 'At provider',
                    cell: (row) =>
                      row.existsAtProvider ? (
                        <Badge variant="success">Yes</Badge>
                      ) : (
                        <Badge variant="danger">Orphaned record</Badge>
                      ),
                  },
                  { header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
                  {
                    header: 'Action',
                    cell: (row) => (
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Delete SnapTrade user ${row.snaptradeUserId}`}
                        onClick={() => setTarget(row)}
                      >
                        Delete
                      </Button>
                    ),
                  },
                ]}
              />
            )}
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        onConfirm={confirm}
        pending={remove.isPending}
        title="Delete SnapTrade User"
        description={
          target
            ? `Delete the SnapTrade user ${target.snaptradeUserId}${target.user?.username ? ` (${target.user.username})` : ''}? Its brokerage connections go with it.`
            : ''
        }
        confirmLabel="Delete SnapTrade user"
        pendingLabel="Deleting…"
      />
    </AdminSection>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="admin-total">
      <dt>{label}</dt>
      <dd>{formatWholeNumber(value)}</dd>
    </div>
  );
}
