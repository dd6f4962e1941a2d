import type { TraceDetailView } from '@copytrade/contracts';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TitledCard } from '@/components/ui/card';
import { MessageIcon } from '@/components/ui/icons';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnalyticsPanel } from './analytics-panel';
import { FollowerResults } from './follower-results';
import { PostList } from './post-list';
import type { UseCopyDialogs } from '@/lib/copy-trading/copy-dialogs-host';
import { TradesPanel } from './trades-panel';
import { TraceStats } from './trace-stats';

const TABS = ['live', 'past', 'posts', 'analytics'] as const;
type TraceTab = (typeof TABS)[number];
const isTab = (value: string | null): value is TraceTab => (TABS as readonly string[]).includes(value ?? '');

/**
 * The full view (docs/product.md#trace-page) for the owner or an active subscriber: the statistics, then the tabs Live
 * Trades, Past Trades, Posts & Analysis and Analytics. `?tab=` keeps the open tab in the address. A subscriber (not
 * the owner) also sees `followerControls` (composed by the page: their copy guards for this trace) under the stats.
 */
export function FullView({
  trace,
  userId,
  followerControls,
  useCopyDialogs,
}: {
  trace: TraceDetailView;
  userId: string;
  followerControls?: ReactNode;
  useCopyDialogs: UseCopyDialogs;
}) {
  const statsId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TraceTab = isTab(requested) ? requested : 'live';
  const owner = trace.viewer.isOwner;

  const select = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'live') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <div className="trace-full">
      <TitledCard titleId={statsId} title="Performance" titleAs="h2">
        <TraceStats trace={trace} />
      </TitledCard>
      <FollowerResults results={trace.followerResults} />
      {owner ? null : followerControls}
      <Tabs value={tab} onValueChange={select} className="trace-tabs">
        <TabsList label="Trace sections">
          <TabsTrigger value="live">Live Trades</TabsTrigger>
          <TabsTrigger value="past">Past Trades</TabsTrigger>
          <TabsTrigger value="posts">Posts &amp; Analysis</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="live">
          <TradesPanel traceId={trace.id} userId={userId} kind="live" owner={owner} useCopyDialogs={useCopyDialogs} />
        </TabsContent>
        <TabsContent value="past">
          <TradesPanel traceId={trace.id} userId={userId} kind="past" owner={owner} useCopyDialogs={useCopyDialogs} />
        </TabsContent>
        <TabsContent value="posts">
          {trace.posts.length > 0 ? (
            <PostList posts={trace.posts} showVisibility />
          ) : (
            <div className="empty-state">
              <MessageIcon size={20} className="empty-state__icon" />
              <p className="empty-state__title">No posts yet</p>
              <p className="empty-state__text">The trader&apos;s posts and analysis will show here.</p>
            </div>
          )}
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsPanel traceId={trace.id} userId={userId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
