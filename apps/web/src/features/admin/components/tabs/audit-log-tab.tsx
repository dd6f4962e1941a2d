import type { AdminAuditEntryView } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useAuditLog } from '../../api/admin-audit';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks } from '../admin-toasts';
import { AdminPager } from '../common/admin-pager';
import { AdminSection } from '../common/admin-section';
import { formatDateTime } from '../common/format';
import { EmptyState, QueryView } from '../common/query-view';

/** The actions the admin service records (apps/admin), as the filter offers them. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.toggle-admin': 'Grant or revoke admin',
  'trade.share': 'Share trade',
  'trade.unshare': 'Unshare trade',
  'trade.delete': 'Delete trade',
  'trace.create': 'Create trace',
  'trace.update-owner': 'Change trace owner',
  'trace.set-onboarding-trader': 'Set onboarding trader',
  'trace.delete': 'Delete trace',
  'feedback.status': 'Feedback status',
  'brokerage.delete-connections': "Delete a user's connections",
  'brokerage.delete-specific-connection': 'Delete a connection',
  'brokerage.remove-brokerage': 'Remove brokerage authorization',
  'brokerage.delete-snaptrade-user': 'Delete SnapTrade user',
  'maintenance-mode.set': 'Beta Launch Mode',
  'beta-request.approve': 'Approve beta request',
};
const ACTION_OPTIONS = [
  { value: 'all', label: 'All actions' },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shown = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** What changed: per key of two objects, the keys whose values differ; otherwise the two values whole. */
export function changesOf(before: unknown, after: unknown): { key: string | null; before: string; after: string }[] {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    return changed.map((key) => ({ key, before: shown(before[key]), after: shown(after[key]) }));
  }
  return [{ key: null, before: shown(before), after: shown(after) }];
}

/**
 * The Audit Log tab: every admin action, newest first, 25 a page, filterable by the acting admin's id and
 * by action; each with its time, actor, target and what changed (before → after).
 */
export function AuditLogTab({ userId }: AdminTabProps) {
  const id = useId();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  // The actor filter applies once it is a whole user id (the server refuses part of one).
  const actorUserId = UUID.test(actor.trim()) ? actor.trim() : '';
  const query = useAuditLog(userId, { page, actorUserId, action });

  return (
    <AdminSection title="Audit Log" description="Every admin action, newest first, with what it changed.">
      <div className="admin-filters" role="search" aria-label="Filter the audit log">
        <div className="admin-filters__field admin-filters__field--wide">
          <Label htmlFor={`${id}-actor`}>Actor user id</Label>
          <Input
            id={`${id}-actor`}
            className="admin-input--id"
            autoComplete="off"
            spellCheck={false}
            placeholder="00000000-0000-0000-0000-000000000000"
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="admin-filters__field admin-filters__field--wide">
          <Label htmlFor={`${id}-action`}>Action</Label>
          <Select
            id={`${id}-action`}
            options={ACTION_OPTIONS}
            value={action || 'all'}
            onValueChange={(value) => {
              setAction(value === 'all' ? '' : value);
              setPage(1);
            }}
          />
        </div>
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading the audit log…"
        errorText="Couldn't load the audit log."
        fallback={AdminFallbacks.fetchAuditLog}
        toastId="admin-audit-load"
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <EmptyState
            title="No entries"
            text={actorUserId || action ? 'No admin action matches these filters.' : 'No admin action yet.'}
          />
        }
      >
        {(data) => (
          <>
            <DataTable<AdminAuditEntryView>
              aria-label="Audit log"
              rows={data.entries}
              rowKey={(row) => row.id}
              columns={[
                {
                  header: 'Time',
                  cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
                },
                {
                  header: 'Action',
                  cell: (row) => (
                    <div className="admin-cell-stack">
                      <span className="admin-strong">{AUDIT_ACTIONS[row.action] ?? row.action}</span>
                      <span className="muted small mono">{row.action}</span>
                    </div>
                  ),
                },
                {
                  header: 'Actor',
                  cell: (row) => (
                    <div className="admin-cell-stack">
                      <span>{row.actor.username ?? 'Deleted account'}</span>
                      <span className="muted small mono">{row.actor.id}</span>
                    </div>
                  ),
                },
                {
                  header: 'Target',
                  cell: (row) =>
                    row.target ? (
                      <div className="admin-cell-stack">
                        <span>{row.target.type}</span>
                        <span className="muted small mono">{row.target.id ?? '—'}</span>
                      </div>
                    ) : (
                      '—'
                    ),
                },
                { header: 'Change', cellClassName: 'admin-audit__change', cell: (row) => <Change entry={row} /> },
              ]}
            />
            <AdminPager
              pagination={data.pagination}
              noun={['entry', 'entries']}
              onPage={setPage}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryView>
    </AdminSection>
  );
}

function Change({ entry }: { entry: AdminAuditEntryView }) {
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <span className="muted">No change</span>;
  return (
    <ul className="admin-audit__changes">
      {changes.map((change) => (
        <li key={change.key ?? 'value'}>
          {change.key ? <span className="muted">{change.key}: </span> : null}
          <span className="mono">{change.before}</span> → <span className="mono">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}
