import type { TraceDetailView } from '@copytrade/contracts';
import { useId } from 'react';
import { TitledCard } from '@/components/ui/card';
import { AlertIcon, LockIcon } from '@/components/ui/icons';
import { tradingStyleLabel } from '@/lib/trading-styles';
import type { SubscriptionActions } from '../hooks/use-subscription-actions';
import { BetaAccessCard } from './beta-access-card';
import { FollowerResults } from './follower-results';
import { PostList } from './post-list';
import { TraceStats } from './trace-stats';

/** The public view previews up to 2 public posts (PUBLIC_POST_PREVIEW in the traces rules). */
const PUBLIC_POST_PREVIEW = 2;

export const RISK_DISCLAIMER =
  'Trading stocks, options and crypto-assets involves substantial risk of loss and is not suitable for every ' +
  "investor. Past performance does not guarantee future results. The trades shown are the trader's own and are " +
  'not investment advice; only invest what you can afford to lose.';

/**
 * The public profile (docs/product.md#trace-page) for anyone who is neither the owner nor an active subscriber: bio,
 * trading focus, statistics, the Beta Access card, up to 2 public posts as a free preview and the risk disclaimer.
 */
export function PublicView({ trace, actions }: { trace: TraceDetailView; actions: SubscriptionActions }) {
  const aboutId = useId();
  const focusId = useId();
  const statsId = useId();
  const previewId = useId();
  const riskId = useId();
  const posts = trace.posts.filter((post) => post.isPublic).slice(0, PUBLIC_POST_PREVIEW);

  return (
    <div className="trace-public">
      <div className="trace-public__main trace-public__profile">
        <TitledCard titleId={aboutId} title="About">
          <p className="trace-bio">{trace.bio || trace.description || 'This trader has not written a bio yet.'}</p>
        </TitledCard>

        <TitledCard titleId={focusId} title="Trading Focus">
          {trace.tradingStyle.length > 0 ? (
            <ul className="trace-chips" aria-labelledby={focusId}>
              {trace.tradingStyle.map((style) => (
                <li key={style} className="trace-chip">
                  {tradingStyleLabel(style)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No trading focus listed.</p>
          )}
        </TitledCard>

        <TitledCard titleId={statsId} title="Performance">
          <TraceStats trace={trace} />
        </TitledCard>
        <FollowerResults results={trace.followerResults} />
      </div>

      <aside className="trace-public__aside" aria-label="Subscription">
        <BetaAccessCard trace={trace} actions={actions} />
        <TitledCard
          titleId={riskId}
          className="trace-risk"
          title={
            <span className="trace-risk__title">
              <AlertIcon size={16} />
              Risk Disclaimer
            </span>
          }
        >
          <p className="trace-risk__text">{RISK_DISCLAIMER}</p>
        </TitledCard>
      </aside>
      <div className="trace-public__main trace-public__preview">
        <TitledCard
          titleId={previewId}
          title="Free Preview"
          description="Public posts from this trader. Subscribe to see every post and the shared trades."
        >
          {posts.length > 0 ? (
            <PostList posts={posts} />
          ) : (
            <div className="empty-state">
              <LockIcon size={20} className="empty-state__icon" />
              <p className="empty-state__title">No public posts yet</p>
              <p className="empty-state__text">Subscribers see this trader&apos;s posts and analysis.</p>
            </div>
          )}
        </TitledCard>
      </div>
    </div>
  );
}
