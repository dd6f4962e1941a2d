import type { SubscriptionView } from '@copytrade/contracts';
import { CrownIcon, StarIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSubscriptions } from '@/lib/traces/get-subscriptions';
import { TraceListSection } from './trace-list-section';

const CROWN_TIERS = new Set(['premium', 'vip']);

/** Premium and VIP tiers get a crown, other tiers a star (docs/product.md#sidebar). */
export function TierIcon({ tierName }: { tierName: string }) {
  return CROWN_TIERS.has(tierName.trim().toLowerCase()) ? (
    <CrownIcon size={12} className="tier-icon tier-icon--crown" data-icon="crown" />
  ) : (
    <StarIcon size={12} className="tier-icon" data-icon="star" />
  );
}

/** Sidebar "Joined Traces": avatar, name, handle, tier; each opens the trace's page. */
export function JoinedTracesList({ userId, collapsed }: { userId: string; collapsed: boolean }) {
  const query = useSubscriptions(userId);
  return (
    <TraceListSection<SubscriptionView>
      title="Joined Traces"
      query={query}
      emptyText="No joined traces yet"
      collapsed={collapsed}
      toEntry={(subscription) => ({
        key: subscription.id,
        to: paths.app.trace.getHref(subscription.traceId),
        avatar: subscription.trace.avatar,
        name: subscription.trace.name,
        handle: subscription.trace.handle,
        meta: (
          <span className="tier">
            <TierIcon tierName={subscription.tier.name} />
            {subscription.tier.name}
          </span>
        ),
      })}
    />
  );
}
