import type { UserView } from '@copytrade/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { paths } from '@/config/paths';
import { isTraceNotFound, useTrace } from '@/lib/traces/get-trace';
import type { UseCopyDialogs } from '@/lib/copy-trading/copy-dialogs-host';
import { useSubscriptionActions } from '../hooks/use-subscription-actions';
import { FullView } from './full-view';
import { TraceHeader } from './trace-header';
import '../trace-page.css';

// The public view in its own chunk: the route's heaviest path (the full view with its chart) stays within the bundle
// budget (tools/scripts/src/bundle-budget.ts), and members never download the subscription card.
const PublicView = lazy(() => import('./public-view').then((module) => ({ default: module.PublicView })));

export const TRACE_PAGE_TEXTS = {
  loading: 'Loading trace...',
  notFound: 'Trace not found',
  notFoundText: 'This trace does not exist, or it has been removed.',
  failed: "Couldn't load this trace.",
} as const;

/**
 * `/trace/{traceId}` (docs/product.md#trace-page): 'Loading trace...', 'Trace not found', then the public view for
 * anyone who is neither the owner nor an active subscriber, or the full view (tabs) for those who are — as the
 * server decides in `trace.viewer.hasAccess`.
 */
export function TracePage({
  traceId,
  user,
  followerControls,
  useCopyDialogs,
}: {
  traceId: string;
  user: UserView;
  /** What a subscriber's full view adds for this trace (composed by the route), given the trace's name. */
  followerControls?: (traceName: string) => ReactNode;
  /** The copy and sell dialogs of the live trades (composed by the route). */
  useCopyDialogs: UseCopyDialogs;
}) {
  const trace = useTrace(traceId);
  const actions = useSubscriptionActions({ userId: user.id, traceId });

  if (trace.isPending) {
    return (
      <div className="page trace-page">
        <title>{`${TRACE_PAGE_TEXTS.loading} · CopyTrade`}</title>
        <div className="trace-page__state" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{TRACE_PAGE_TEXTS.loading}</span>
        </div>
      </div>
    );
  }

  if (trace.isError && !trace.data) {
    if (isTraceNotFound(trace.error)) {
      return (
        <div className="page trace-page">
          <title>{`${TRACE_PAGE_TEXTS.notFound} · CopyTrade`}</title>
          <div className="trace-page__state trace-page__state--column">
            <h1 className="page__title">{TRACE_PAGE_TEXTS.notFound}</h1>
            <p className="page__note">{TRACE_PAGE_TEXTS.notFoundText}</p>
            <Link to={paths.app.discovery.getHref()} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              Discover Traders
            </Link>
          </div>
        </div>
      );
    }
    return (
      <div className="page trace-page">
        <title>Trace · CopyTrade</title>
        <h1 className="page__title">Trace</h1>
        <LoadError onRetry={() => void trace.refetch()} retrying={trace.isFetching}>
          {TRACE_PAGE_TEXTS.failed}
        </LoadError>
      </div>
    );
  }

  const data = trace.data;
  return (
    <div className="page trace-page">
      <title>{`${data.name} · CopyTrade`}</title>
      <TraceHeader trace={data} actions={actions} />
      {data.viewer.hasAccess ? (
        <FullView
          trace={data}
          userId={user.id}
          followerControls={followerControls?.(data.name)}
          useCopyDialogs={useCopyDialogs}
        />
      ) : (
        <Suspense fallback={<LoadingRows label={TRACE_PAGE_TEXTS.loading} count={4} />}>
          <PublicView trace={data} actions={actions} />
        </Suspense>
      )}
    </div>
  );
}
