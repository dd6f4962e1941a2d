import type { AdminHoldingView, AdminUserView } from '@copytrade/contracts';
import { DataTable } from '@/components/ui/data-table';
import { formatUsd } from '@/lib/format/money';
import { useUserHoldings } from '../../api/admin-brokerage';
import { AdminFallbacks } from '../admin-toasts';
import { EmptyState, QueryView } from '../common/query-view';

/** The Holdings sub-tab (docs/product.md#entities-and-fields): symbol, quantity, price and value, per account. */
export function UserHoldings({ userId, user }: { userId: string; user: AdminUserView }) {
  const query = useUserHoldings(userId, user.id);
  return (
    <QueryView
      query={query}
      loadingLabel="Loading holdings…"
      errorText="Couldn't load the user's holdings."
      fallback={AdminFallbacks.fetchHoldings}
      toastId="admin-user-holdings-load"
      isEmpty={(data) => data.holdings.length === 0}
      empty={<EmptyState title="No holdings" text={`${user.username} holds no position.`} />}
    >
      {(data) => (
        <DataTable<AdminHoldingView>
          aria-label={`Holdings of ${user.username}`}
          rows={data.holdings}
          rowKey={(row) => `${row.accountId}:${row.optionsTicker ?? row.symbol}`}
          columns={[
            {
              header: 'Symbol',
              cell: (row) => (
                <div className="admin-cell-stack">
                  <span className="admin-strong">{row.symbol}</span>
                  {row.optionsTicker ? <span className="muted small mono">{row.optionsTicker}</span> : null}
                </div>
              ),
            },
            { header: 'Quantity', numeric: true, cell: (row) => row.quantity.toLocaleString('en-US') },
            { header: 'Price', numeric: true, cell: (row) => formatUsd(row.price) },
            { header: 'Value', numeric: true, cell: (row) => formatUsd(row.value) },
            { header: 'Account', cell: (row) => <span className="mono small">{row.accountId}</span> },
          ]}
        />
      )}
    </QueryView>
  );
}
