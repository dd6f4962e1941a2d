import type { AdminTraceView } from '@copytrade/contracts';
import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatHandle } from '@/lib/format/profile';
import { useAdminTraces } from '../../api/get-admin-traces';
import { AdminFallbacks } from '../admin-toasts';
import { formatDay, formatWholeNumber, RISK_LEVEL_LABELS } from './trace-labels';
import { useToastOnLoadError } from './use-toast-on-load-error';

export interface TraceRowActions {
  onChangeOwner: (trace: AdminTraceView) => void;
  onSetOnboardingTrader: (trace: AdminTraceView) => void;
  onDelete: (trace: AdminTraceView) => void;
  /** The trace whose 'Set as onboarding trader' is in flight (its button is disabled meanwhile). */
  settingOnboardingTraderId: string | null;
}

/**
 * Every trace, newest first, a page at a time (POST /api/admin/traces): name, handle, owner id, badges,
 * subscribers, trade and post counts, risk level, created date, and the row's actions. Each row is a card
 * that lays its facts out in one line on a wide screen and wraps them on a phone.
 */
export function TraceList({
  userId,
  labelledBy,
  ...actions
}: TraceRowActions & { userId: string; labelledBy: string }) {
  const query = useAdminTraces(userId);
  useToastOnLoadError({
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    waiting: query.data === undefined || query.isFetchNextPageError,
    fallback: AdminFallbacks.fetchTraces,
    toastId: 'admin-traces-load',
  });

  if (query.isPending) {
    return (
      <LoadingRows
        label="Loading traces…"
        count={3}
        row={
          <>
            <Skeleton circle width={36} height={36} />
            <Skeleton width="60%" height={14} />
          </>
        }
      />
    );
  }
  if (query.data === undefined) {
    return (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Couldn&apos;t load the traces.
      </LoadError>
    );
  }

  const traces = query.data.pages.flatMap((page) => page.traces);
  if (traces.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No traces yet</p>
        <p className="empty-state__text">Create the first one with Create Trace.</p>
      </div>
    );
  }

  return (
    <div className="admin-traces">
      <ul className="admin-traces__list" aria-labelledby={labelledBy}>
        {traces.map((trace) => (
          <TraceRow key={trace.id} trace={trace} {...actions} />
        ))}
      </ul>
      <div className="admin-traces__footer">
        <p className="muted small" role="status">
          Showing {formatWholeNumber(traces.length)} {traces.length === 1 ? 'trace' : 'traces'}
          {query.hasNextPage ? '' : ' (all)'}
        </p>
        {query.hasNextPage ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function TraceRow({
  trace,
  onChangeOwner,
  onSetOnboardingTrader,
  onDelete,
  settingOnboardingTraderId,
}: TraceRowActions & { trace: AdminTraceView }) {
  const nameId = useId();
  const settingThis = settingOnboardingTraderId === trace.id;
  return (
    <li className="admin-trace" aria-labelledby={nameId}>
      <div className="admin-trace__top">
        <div className="admin-trace__identity">
          <Avatar src={trace.avatar} name={trace.name} size={36} />
          <div className="admin-trace__names">
            <h4 id={nameId} className="admin-trace__name">
              {trace.name}
            </h4>
            <span className="admin-trace__handle">{formatHandle(trace.handle)}</span>
          </div>
          <div className="admin-trace__badges">
            {trace.isOnboardingTrader ? <Badge variant="new">Onboarding trader</Badge> : null}
            {trace.isVerified ? <Badge variant="success">Verified</Badge> : null}
            {trace.isFeatured ? <Badge variant="warning">Featured</Badge> : null}
            {trace.isActive ? null : <Badge variant="muted">Inactive</Badge>}
          </div>
        </div>
        <div className="admin-trace__actions">
          {/* Each name starts with the visible text (WCAG 2.5.3) and says which trace it acts on. */}
          <Button
            size="sm"
            variant="outline"
            onClick={() => onChangeOwner(trace)}
            aria-label={`Change owner ${trace.name}`}
          >
            Change owner
          </Button>
          {trace.isOnboardingTrader ? null : (
            <Button
              size="sm"
              variant="outline"
              onClick={() => onSetOnboardingTrader(trace)}
              disabled={settingOnboardingTraderId !== null}
              aria-busy={settingThis || undefined}
              aria-label={`Set as onboarding trader ${trace.name}`}
            >
              {settingThis ? 'Setting…' : 'Set as onboarding trader'}
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={() => onDelete(trace)} aria-label={`Delete ${trace.name}`}>
            Delete
          </Button>
        </div>
      </div>
      <dl className="admin-trace__facts">
        <div className="admin-trace__fact admin-trace__fact--owner">
          <dt>Owner</dt>
          <dd>
            {trace.owner.username ?? '—'}
            {trace.owner.email ? <span className="admin-trace__email"> · {trace.owner.email}</span> : null}
          </dd>
        </div>
        <div className="admin-trace__fact admin-trace__fact--id">
          <dt>Owner id</dt>
          <dd className="mono">{trace.ownerId}</dd>
        </div>
        <div className="admin-trace__fact">
          <dt>Subscribers</dt>
          <dd className="num">{formatWholeNumber(trace.subscriberCount)}</dd>
        </div>
        <div className="admin-trace__fact">
          <dt>Trades</dt>
          <dd className="num">{formatWholeNumber(trace.counts.trades)}</dd>
        </div>
        <div className="admin-trace__fact">
          <dt>Posts</dt>
          <dd className="num">{formatWholeNumber(trace.counts.posts)}</dd>
        </div>
        <div className="admin-trace__fact">
          <dt>Risk</dt>
          <dd>{RISK_LEVEL_LABELS[trace.riskLevel] ?? trace.riskLevel}</dd>
        </div>
        <div className="admin-trace__fact admin-trace__fact--date">
          <dt>Created</dt>
          <dd>
            <time dateTime={trace.createdAt}>{formatDay(trace.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}
