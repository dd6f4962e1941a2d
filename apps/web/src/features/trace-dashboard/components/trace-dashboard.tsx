import type { UserView } from '@copytrade/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { ExternalLinkIcon, MessageIcon } from '@/components/ui/icons';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatHandle } from '@/lib/format/profile';
import { isTraceUnavailable, useOwnerTrace, type OwnerTraceData } from '../api/get-owner-trace';
import { useTradeManager } from '../hooks/use-trade-manager';
import { ComingSoon } from './coming-soon';
import { ContentTab } from './content-tab';
import { OverviewTab } from './overview-tab';
import { PostDialog } from './post-dialog';
import { SettingsTab } from './settings-tab';
import { SubscribersTab } from './subscribers-tab';
import { TradeManagerTab } from './trade-manager-tab';
import '../trace-dashboard.css';

// Its own chunk, downloaded when the tab opens: the route's chunk stays small for the tabs used every day.
const AnalyticsTab = lazy(() => import('./analytics-tab'));

export const DASHBOARD_TEXTS = {
  loading: 'Loading dashboard...',
  notFound: 'Trace Not Found',
  notFoundText: "You don't have access to this trace or it doesn't exist.",
  fetchFailed: 'Failed to fetch trace data',
} as const;

/** The seven tabs (docs/product.md#owner-dashboard); values are slugs, kept in `?tab=`. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'trade-manager', label: 'Trade Manager' },
  { value: 'content', label: 'Content' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'pricing', label: 'Pricing' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'settings', label: 'Settings' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];
const isTab = (value: string | null): value is DashboardTab => DASHBOARD_TABS.some((tab) => tab.value === value);

/**
 * `/trace/{traceId}/dashboard` (docs/product.md#owner-dashboard): the owner's dashboard. Anyone but the owner, and an
 * unknown id, sees 'Trace Not Found'.
 */
export function TraceDashboard({ traceId, user }: { traceId: string; user: UserView }) {
  const query = useOwnerTrace(traceId);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: DashboardTab = isTab(requested) ? requested : 'overview';

  const failed = query.isError && !isTraceUnavailable(query.error);
  useEffect(() => {
    if (failed) toast.error(DASHBOARD_TEXTS.fetchFailed);
  }, [failed]);

  const select = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  if (query.isPending) {
    return (
      <div className="page owner-dash">
        <title>{`${DASHBOARD_TEXTS.loading} · CopyTrade`}</title>
        <div className="owner-dash__state" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{DASHBOARD_TEXTS.loading}</span>
        </div>
      </div>
    );
  }

  if (query.isError && !query.data) {
    if (isTraceUnavailable(query.error)) {
      return (
        <div className="page owner-dash">
          <title>{`${DASHBOARD_TEXTS.notFound} · CopyTrade`}</title>
          <div className="owner-dash__state owner-dash__state--column">
            <h1 className="page__title">{DASHBOARD_TEXTS.notFound}</h1>
            <p className="page__note">{DASHBOARD_TEXTS.notFoundText}</p>
            <Link to={paths.app.dashboard.getHref()} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
              Back to Dashboard
            </Link>
          </div>
        </div>
      );
    }
    return (
      <div className="page owner-dash">
        <title>Trace Dashboard · CopyTrade</title>
        <h1 className="page__title">Trace Dashboard</h1>
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {DASHBOARD_TEXTS.fetchFailed}
        </LoadError>
      </div>
    );
  }

  return <Dashboard traceId={traceId} user={user} data={query.data} tab={tab} onSelect={select} />;
}

/**
 * The loaded dashboard. The Trade Manager's state lives here, so its first fetch (~1 s after load) and the
 * auto-sync check run on load whichever tab is open.
 */
function Dashboard({
  traceId,
  user,
  data,
  tab,
  onSelect: select,
}: {
  traceId: string;
  user: UserView;
  data: OwnerTraceData;
  tab: DashboardTab;
  onSelect: (tab: string) => void;
}) {
  const [creatingPost, setCreatingPost] = useState(false);
  const manager = useTradeManager({ traceId, brokerageConnected: data.owner.brokerageConnected });
  const { trace } = data;
  return (
    <div className="page owner-dash">
      <title>{`${trace.name} Dashboard · CopyTrade`}</title>
      <header className="page__header page__header--split">
        <div className="owner-dash__identity">
          <h1 className="page__title">{`${trace.name} Dashboard`}</h1>
          <p className="page__note">{formatHandle(trace.handle)}</p>
        </div>
        <div className="owner-dash__actions">
          <Link to={paths.app.trace.getHref(traceId)} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
            <ExternalLinkIcon size={14} />
            View Public Profile
          </Link>
          <Button variant="primary" size="sm" onClick={() => setCreatingPost(true)}>
            <MessageIcon size={14} />
            Create Post
          </Button>
        </div>
      </header>

      <Tabs value={tab} onValueChange={select} className="owner-dash__tabs">
        <TabsList label="Dashboard sections" className="owner-dash__tablist">
          {DASHBOARD_TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab data={data} onOpenTab={select} />
        </TabsContent>
        <TabsContent value="trade-manager">
          <TradeManagerTab traceId={traceId} user={user} data={data} manager={manager} />
        </TabsContent>
        <TabsContent value="content">
          <ContentTab traceId={traceId} posts={data.posts} onCreate={() => setCreatingPost(true)} />
        </TabsContent>
        <TabsContent value="subscribers">
          <SubscribersTab traceId={traceId} />
        </TabsContent>
        <TabsContent value="pricing">
          <ComingSoon title="Pricing" text="Pricing and tier management are coming soon." />
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<LoadingRows label="Loading analytics..." count={6} />}>
            <AnalyticsTab traceId={traceId} />
          </Suspense>
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab traceId={traceId} user={user} data={data} />
        </TabsContent>
      </Tabs>

      <PostDialog traceId={traceId} open={creatingPost} onClose={() => setCreatingPost(false)} />
    </div>
  );
}
