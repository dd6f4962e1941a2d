import type { AdminFeedbackView, FeedbackStatus, FeedbackType } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useAdminFeedback, useUpdateFeedbackStatus } from '../../api/admin-feedback';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminFallbacks } from '../admin-toasts';
import { AdminPager } from '../common/admin-pager';
import { AdminSection } from '../common/admin-section';
import { formatDateTime } from '../common/format';
import { EmptyState, QueryView } from '../common/query-view';

/** The four statuses an admin moves feedback between, freely (see docs/product.md#entities-and-fields). */
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
const TYPE_LABELS: Record<FeedbackType, string> = {
  bug: 'Bug',
  feature: 'Feature',
  improvement: 'Improvement',
  general: 'General',
  other: 'Other',
};
const STATUS_OPTIONS = Object.entries(FEEDBACK_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const FILTER_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...STATUS_OPTIONS];

/**
 * The Feedback tab (docs/product.md#admin-panel): every feedback, newest first, 25 a page, with type, status, priority,
 * message, page, contact e-mail, user agent, time and sender; the status select changes it at once ('Feedback status
 * updated successfully').
 */
export function FeedbackTab(_props: AdminTabProps) {
  const filterId = useId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<FeedbackStatus | ''>('');
  const query = useAdminFeedback(page, status);

  return (
    <AdminSection title="Feedback" description="What users sent with Send Feedback. Move each through its statuses.">
      <div className="admin-filters">
        <div className="admin-filters__field">
          <Label htmlFor={filterId}>Show</Label>
          <Select
            id={filterId}
            options={FILTER_OPTIONS}
            value={status || 'all'}
            onValueChange={(value) => {
              setStatus(value === 'all' ? '' : (value as FeedbackStatus));
              setPage(1);
            }}
          />
        </div>
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading feedback…"
        errorText="Couldn't load the feedback."
        fallback={AdminFallbacks.fetchFeedback}
        toastId="admin-feedback-load"
        isEmpty={(data) => data.feedback.length === 0}
        empty={
          <EmptyState
            title="No feedback"
            text={status ? `No feedback is ${FEEDBACK_STATUS_LABELS[status]}.` : 'No user has sent feedback yet.'}
          />
        }
      >
        {(data) => (
          <>
            <ul className="admin-traces__list" aria-label="Feedback">
              {data.feedback.map((item) => (
                <FeedbackItem key={item.id} item={item} />
              ))}
            </ul>
            <AdminPager
              pagination={data.pagination}
              noun={['feedback', 'feedback']}
              onPage={setPage}
              fetching={query.isFetching}
            />
          </>
        )}
      </QueryView>
    </AdminSection>
  );
}

function FeedbackItem({ item }: { item: AdminFeedbackView }) {
  const statusId = useId();
  const update = useUpdateFeedbackStatus();
  const sender = item.user ? item.user.username : 'Deleted account';
  // While the change is in flight the select shows the chosen status; the list read afterwards confirms it.
  const shown = update.isPending && update.variables ? update.variables.status : item.status;
  return (
    <li className="admin-trace" aria-label={`${TYPE_LABELS[item.type]} feedback from ${sender}`}>
      <div className="admin-trace__top">
        <div className="admin-trace__identity">
          <Badge variant={item.type === 'bug' ? 'danger' : 'default'}>{TYPE_LABELS[item.type]}</Badge>
          <Badge variant="muted">Priority: {item.priority}</Badge>
          <span className="admin-trace__handle">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </span>
        </div>
        <div className="admin-feedback__status">
          <Label htmlFor={statusId}>Status</Label>
          <Select
            id={statusId}
            options={STATUS_OPTIONS}
            value={shown}
            disabled={update.isPending}
            onValueChange={(value) => {
              if (value !== item.status) update.mutate({ id: item.id, status: value as FeedbackStatus });
            }}
          />
        </div>
      </div>
      <p className="admin-feedback__message">{item.message}</p>
      <dl className="admin-trace__facts">
        <div className="admin-trace__fact admin-trace__fact--owner">
          <dt>User</dt>
          <dd>
            {sender}
            {item.user?.email ? <span className="admin-trace__email"> · {item.user.email}</span> : null}
          </dd>
        </div>
        <div className="admin-trace__fact admin-trace__fact--owner">
          <dt>Contact email</dt>
          <dd>{item.contactEmail || '—'}</dd>
        </div>
        <div className="admin-trace__fact admin-trace__fact--owner">
          <dt>Page</dt>
          <dd>{item.page || '—'}</dd>
        </div>
        <div className="admin-trace__fact admin-trace__fact--wide">
          <dt>User agent</dt>
          <dd className="small">{item.userAgent || '—'}</dd>
        </div>
      </dl>
    </li>
  );
}
