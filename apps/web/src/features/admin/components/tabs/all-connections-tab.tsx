import type { AdminConnectionView } from '@copytrade/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table';
import { useAllConnections } from '../../api/admin-brokerage';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks } from '../admin-toasts';
import { AdminPager } from '../common/admin-pager';
import { AdminSection } from '../common/admin-section';
import { formatDateTime } from '../common/format';
import { EmptyState, QueryView } from '../common/query-view';

const PROVIDERS: Record<AdminConnectionView['provider'], string> = { snaptrade: 'SnapTrade', paper: 'Paper' };

/**
 * All Connections (docs/product.md#admin-panel): every user's brokerage connections, 25 a page, as the brokerage last
 * synced them.
 */
export function AllConnectionsTab({ userId }: AdminTabProps) {
  const [page, setPage] = useState(1);
  const query = useAllConnections(userId, page);
  return (
    <AdminSection title="All Connections" description="Brokerage connections across every user.">
      <QueryView
        query={query}
        loadingLabel="Loading connections…"
        errorText="Couldn't load the connections."
        fallback={AdminFallbacks.fetchConnections}
        toastId="admin-all-connections-load"
        isEmpty={(data) => data.connections.length === 0}
        empty={<EmptyState title="No connections" text="No user has connected a brokerage yet." />}
      >
        {(data) => (
          <>
            <DataTable<AdminConnectionView>
              aria-label="All connections"
              rows={data.connections}
              rowKey={(row) => row.id}
              columns={[
                {
                  header: 'User',
                  cell: (row) => (
                    <div className="admin-cell-stack">
                      <span className="admin-strong">{row.user.username ?? 'Unknown user'}</span>
                      <span className="muted small">{row.user.email ?? row.userId}</span>
                    </div>
                  ),
                },
                { header: 'Brokerage', cell: (row) => row.brokerage.name },
                { header: 'Provider', cell: (row) => PROVIDERS[row.provider] ?? row.provider },
                {
                  header: 'Status',
                  cell: (row) =>
                    row.disabled ? (
                      <Badge variant="danger">Disabled</Badge>
                    ) : (
                      <Badge variant="success">Connected</Badge>
                    ),
                },
                { header: 'Accounts', numeric: true, cell: (row) => row.accountCount },
                {
                  header: 'Synced',
                  cell: (row) => <time dateTime={row.syncedAt}>{formatDateTime(row.syncedAt)}</time>,
                },
                { header: 'Connection id', cell: (row) => <span className="mono small">{row.id}</span> },
              ]}
            />
            <AdminPager
              pagination={data.pagination}
              noun={['connection', 'connections']}
              onPage={setPage}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryView>
    </AdminSection>
  );
}
