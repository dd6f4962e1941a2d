import type { AdminConnectionRecord, AdminUserView } from '@copytrade/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import {
  useDeleteConnection,
  useDeleteSpecificConnection,
  useRemoveBrokerage,
  useUserConnections,
} from '../../api/admin-brokerage';
import { AdminFallbacks } from '../admin-toasts';
import { ConfirmDialog } from '../common/confirm-dialog';
import { formatDateTime } from '../common/format';
import { EmptyState, QueryView } from '../common/query-view';

type Pending =
  | { kind: 'all' }
  | { kind: 'one'; connection: AdminConnectionRecord }
  | { kind: 'authorization'; connection: AdminConnectionRecord }
  | null;

/**
 * The Connections sub-tab: the user's brokerage connections and accounts; delete them all (the user's aggregation
 * connection), delete one, or remove a brokerage authorization — each after a confirmation.
 */
export function UserConnections({ userId, user }: { userId: string; user: AdminUserView }) {
  const query = useUserConnections(userId, user.id);
  const deleteAll = useDeleteConnection();
  const deleteOne = useDeleteSpecificConnection();
  const removeAuthorization = useRemoveBrokerage();
  const [pending, setPending] = useState<Pending>(null);
  const busy = deleteAll.isPending || deleteOne.isPending || removeAuthorization.isPending;

  const confirm = () => {
    if (!pending || busy) return;
    const settle = { onSettled: () => setPending(null) };
    const target = { userId, targetUserId: user.id };
    if (pending.kind === 'all') deleteAll.mutate(target, settle);
    else if (pending.kind === 'one') deleteOne.mutate({ ...target, connectionId: pending.connection.id }, settle);
    else removeAuthorization.mutate({ ...target, brokerageAuthorizationId: pending.connection.id }, settle);
  };

  const name = (connection: AdminConnectionRecord) => connection.brokerage.display_name || connection.name;
  const dialog =
    pending?.kind === 'all'
      ? {
          title: 'Delete Connection',
          description: `Delete every brokerage connection of ${user.username}? Their accounts disappear from the app until they connect again; their provider registration stays.`,
          confirm: 'Delete all connections',
        }
      : pending?.kind === 'one'
        ? {
            title: 'Delete Connection',
            description: `Delete ${user.username}'s ${name(pending.connection)} connection (${pending.connection.id})? Its accounts disappear from the app.`,
            confirm: 'Delete connection',
          }
        : {
            title: 'Remove Brokerage Authorization',
            description: pending
              ? `Remove the authorization ${pending.connection.id} (${name(pending.connection)}) of ${user.username} at the provider? The app can no longer read or trade that account.`
              : '',
            confirm: 'Remove authorization',
          };

  return (
    <QueryView
      query={query}
      loadingLabel="Loading connections…"
      errorText="Couldn't load the user's connections."
      fallback={AdminFallbacks.fetchConnections}
      toastId="admin-user-connections-load"
      isEmpty={(data) => data.connections.length === 0}
      empty={<EmptyState title="No connections" text={`${user.username} has no brokerage connection.`} />}
    >
      {(data) => (
        <div className="admin-section">
          <div className="admin-section__header">
            <p className="muted small">
              {data.connections.length} {data.connections.length === 1 ? 'connection' : 'connections'},{' '}
              {data.accounts.length} {data.accounts.length === 1 ? 'account' : 'accounts'}
            </p>
            <Button variant="danger" size="sm" onClick={() => setPending({ kind: 'all' })}>
              Delete all connections
            </Button>
          </div>
          <DataTable<AdminConnectionRecord>
            aria-label={`Connections of ${user.username}`}
            rows={data.connections}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Brokerage', cell: (row) => <span className="admin-strong">{name(row)}</span> },
              { header: 'Connection id', cell: (row) => <span className="mono small">{row.id}</span> },
              { header: 'Type', cell: (row) => (row.type === 'trade' ? 'Trade' : 'Read') },
              {
                header: 'Status',
                cell: (row) =>
                  row.disabled ? <Badge variant="danger">Disabled</Badge> : <Badge variant="success">Connected</Badge>,
              },
              { header: 'Created', cell: (row) => formatDateTime(row.created_date) },
              {
                header: 'Actions',
                cell: (row) => (
                  <div className="admin-actions">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Delete connection ${name(row)} ${row.id}`}
                      onClick={() => setPending({ kind: 'one', connection: row })}
                    >
                      Delete
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove authorization ${name(row)} ${row.id}`}
                      onClick={() => setPending({ kind: 'authorization', connection: row })}
                    >
                      Remove authorization
                    </Button>
                  </div>
                ),
              },
            ]}
          />
          {data.accounts.length > 0 ? (
            <DataTable
              aria-label={`Accounts of ${user.username}`}
              rows={data.accounts}
              rowKey={(row) => row.id}
              columns={[
                { header: 'Account', cell: (row) => row.name },
                { header: 'Number', cell: (row) => row.number },
                { header: 'Institution', cell: (row) => row.institution_name },
                {
                  header: 'Total',
                  numeric: true,
                  cell: (row) =>
                    row.balance.total
                      ? row.balance.total.amount.toLocaleString('en-US', {
                          style: 'currency',
                          currency: row.balance.total.currency || 'USD',
                        })
                      : '—',
                },
              ]}
            />
          ) : null}
          <ConfirmDialog
            open={pending !== null}
            onClose={() => setPending(null)}
            onConfirm={confirm}
            pending={busy}
            title={dialog.title}
            description={dialog.description}
            confirmLabel={dialog.confirm}
            pendingLabel="Deleting…"
          />
        </div>
      )}
    </QueryView>
  );
}
