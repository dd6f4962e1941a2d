import type { UserView } from '@copytrade/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/data-state';
import { RefreshIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { copiesOf, useMyCopies } from '../api/get-my-copies';
import { useMyPerformance } from '../api/get-my-performance';
import { useClosePosition } from '../hooks/use-close-position';
import { copiedTracesOf, formatTime, type CopiedTrace } from '../utils/format';
import { ClosedPositionRow } from './closed-position-row';
import { OpenPositionCard } from './open-position-card';
import { OverviewTab } from './overview-tab';
import { SummaryCards } from './summary-cards';
import { UnplacedCopies } from './unplaced-copies';
import '../my-copies.css';

/**
 * My Copies refresh (docs/product.md#error-messages): 'Failed …' when the server answered with an error, 'Error …' when
 * none came.
 */
export const refreshFailureText = {
  copies: (error: unknown) =>
    isApiError(error) ? 'Failed to refresh copy instances' : 'Error refreshing copy instances',
  performance: (error: unknown) =>
    isApiError(error) ? 'Failed to refresh performance data' : 'Error refreshing performance data',
};

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="empty-state copies-empty">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
      {action}
    </div>
  );
}

/** First load (docs/product.md#my-copy-trades): one title bar and four summary placeholders. */
function MyCopiesSkeleton() {
  return (
    <div className="page page--my-copies" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your copy trades...
      </span>
      <Skeleton width="min(320px, 70%)" height={28} />
      <div className="copies-summary">
        {Array.from({ length: 4 }, (_, index) => (
          <Card key={index} className="copies-summary__card">
            <Skeleton width="50%" height={12} />
            <Skeleton width="70%" height={24} />
          </Card>
        ))}
      </div>
    </div>
  );
}

/**
 * My Copy Trades (docs/product.md#my-copy-trades): the summary, Overview / Open / Closed, Close Position and the price
 * refresh. Copies and performance load together when the user is known, on Refresh, after a close, every 30 s
 * while Real-time is on (background refreshes fail quietly), and at once when the live push says a copy or order
 * changed.
 */
export function MyCopies({
  user,
  traceControls,
}: {
  user: UserView;
  /** Per-trace controls (composed by the route: automatic copying and limits), given the traces copied from. */
  traceControls?: (traces: CopiedTrace[]) => ReactNode;
}) {
  const [realtime, setRealtime] = useState(true);
  const [tab, setTab] = useState('overview');
  const [refreshing, setRefreshing] = useState(false);
  const switchId = useId();
  const copiesQuery = useMyCopies(user.id, { realtime });
  const performanceQuery = useMyPerformance(user.id, { realtime });
  const { close, closingId } = useClosePosition(user.id);

  // The first load's failure is told once, like a Refresh's; later background failures keep the last data quietly.
  const told = useRef({ copies: false, performance: false });
  useEffect(() => {
    if (copiesQuery.isError && !copiesQuery.data && !told.current.copies) {
      told.current.copies = true;
      toast.error(refreshFailureText.copies(copiesQuery.error));
    }
    if (performanceQuery.isError && !performanceQuery.data && !told.current.performance) {
      told.current.performance = true;
      toast.error(refreshFailureText.performance(performanceQuery.error));
    }
  }, [
    copiesQuery.isError,
    copiesQuery.data,
    copiesQuery.error,
    performanceQuery.isError,
    performanceQuery.data,
    performanceQuery.error,
  ]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      const [copies, performance] = await Promise.all([copiesQuery.refetch(), performanceQuery.refetch()]);
      if (copies.isError) toast.error(refreshFailureText.copies(copies.error));
      if (performance.isError) toast.error(refreshFailureText.performance(performance.error));
    } finally {
      setRefreshing(false);
    }
  };

  if (copiesQuery.isPending || performanceQuery.isPending) return <MyCopiesSkeleton />;

  const copies = copiesOf(copiesQuery.data);
  const open = copies.filter((copy) => copy.status === 'open');
  const closed = copies.filter((copy) => copy.status === 'closed');
  const pending = copies.filter((copy) => copy.status === 'pending');
  const performance = performanceQuery.data;
  const openCount = performance?.openPositions ?? open.length;
  const closedCount = performance?.closedPositions ?? closed.length;
  const updatedAt = Math.max(copiesQuery.dataUpdatedAt, performanceQuery.dataUpdatedAt);
  const retry = () => void refresh();

  return (
    <div className="page page--my-copies">
      <title>My Copy Trades · CopyTrade</title>
      <div className="copies-header">
        <div className="page__header">
          <h1 className="page__title">My Copy Trades</h1>
          <p className="page__note">Track your copy trading performance and manage your positions</p>
        </div>
        <div className="copies-header__controls">
          {updatedAt ? (
            <span className="muted small copies-header__updated">Last updated: {formatTime(updatedAt)}</span>
          ) : null}
          <div className="copies-header__realtime">
            <Switch id={switchId} checked={realtime} onCheckedChange={setRealtime} />
            <label htmlFor={switchId} className="small">
              {realtime ? 'Real-time On' : 'Real-time Off'}
            </label>
          </div>
          <Button variant="outline" size="sm" onClick={retry} disabled={refreshing}>
            <RefreshIcon size={14} />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>

      {performance ? (
        <SummaryCards performance={performance} />
      ) : (
        <LoadError onRetry={retry} retrying={refreshing}>
          Your performance summary could not be loaded.
        </LoadError>
      )}

      {copiesQuery.isError && !copiesQuery.data ? (
        <LoadError onRetry={retry} retrying={refreshing}>
          Your copy trades could not be loaded.
        </LoadError>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList label="My copy trades" className="copies-tabs">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="open">Open Positions ({openCount})</TabsTrigger>
            <TabsTrigger value="closed">Closed Positions ({closedCount})</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            {copies.length === 0 ? (
              <EmptyState
                title="No Copy Trades Yet"
                text="Start copying successful traders to build your portfolio"
                action={
                  <Link to={paths.app.discovery.getHref()} className={buttonClassName({ variant: 'primary' })}>
                    Discover Traders
                  </Link>
                }
              />
            ) : (
              <OverviewTab copies={copies} />
            )}
            {traceControls && copies.length > 0 ? traceControls(copiedTracesOf(copies)) : null}
          </TabsContent>
          <TabsContent value="open" className="copies-panel">
            {pending.length > 0 ? <UnplacedCopies copies={pending} titleId={`${switchId}-pending`} /> : null}
            {open.length === 0 ? (
              <EmptyState title="No Open Positions" text="All your copy trades have been closed" />
            ) : (
              <div className="copies-grid">
                {open.map((copy) => (
                  <OpenPositionCard
                    key={copy.id}
                    copy={copy}
                    userId={user.id}
                    closing={closingId === copy.id}
                    onClose={(target) => void close(target)}
                  />
                ))}
              </div>
            )}
          </TabsContent>
          <TabsContent value="closed" className="copies-panel">
            {closed.length === 0 ? (
              <EmptyState title="No Closed Positions" text="Your closed copy trades will appear here" />
            ) : (
              <ul className="closed-list" aria-label="Closed positions">
                {closed.map((copy) => (
                  <ClosedPositionRow key={copy.id} copy={copy} />
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
      )}

      {copiesQuery.hasNextPage ? (
        <Button
          variant="outline"
          className="copies-more"
          onClick={() => void copiesQuery.fetchNextPage()}
          disabled={copiesQuery.isFetchingNextPage}
        >
          {copiesQuery.isFetchingNextPage ? 'Loading...' : 'Show more copies'}
        </Button>
      ) : null}
    </div>
  );
}
