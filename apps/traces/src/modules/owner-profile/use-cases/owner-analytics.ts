import { OwnerProfileMessages, type OwnerAnalyticsView, type TierName } from '@copytrade/contracts';
import type { RpcCallContext } from '@copytrade/nest';
import type { EntityManager } from 'typeorm';
import type { IdentityUsers } from '../../identity-users/identity-users';
import { SubscriptionEntity, type TraceEntity } from '../../shared/entities';

export const GROWTH_WINDOW_DAYS = 30;
export const RECENT_SUBSCRIBERS = 5;

const round2 = (value: number) => Math.round(value * 100) / 100;

interface SubscriptionFigures {
  new_last_window: string;
  active_window_ago: string;
  potential_monthly_revenue: string | null;
}

/**
 * The owner's analytics from the trace's real subscriptions (definitions in OwnerAnalyticsView). A subscription's
 * start is its row's created_at: a re-subscription re-activates the same row, so it counts from its first start.
 * Revenue is 0 during the beta (nothing is charged); the tiers' prices give what the active subscriptions would
 * bring per month.
 */
export async function ownerAnalytics(
  manager: EntityManager,
  trace: TraceEntity,
  identityUsers: IdentityUsers,
  context: RpcCallContext,
): Promise<OwnerAnalyticsView> {
  const [figures] = (await manager.query(
    `SELECT
       count(*) FILTER (WHERE s.status = 'active' AND s.created_at > now() - make_interval(days => $2)) AS new_last_window,
       count(*) FILTER (WHERE s.created_at <= now() - make_interval(days => $2)
                          AND (s.ended_at IS NULL OR s.ended_at > now() - make_interval(days => $2))) AS active_window_ago,
       sum(t.price) FILTER (WHERE s.status = 'active') AS potential_monthly_revenue
     FROM traces.subscriptions s JOIN traces.tiers t ON t.id = s.tier_id
     WHERE s.trace_id = $1`,
    [trace.id, GROWTH_WINDOW_DAYS],
  )) as SubscriptionFigures[];
  const recent = await manager.find(SubscriptionEntity, {
    where: { traceId: trace.id, status: 'active' },
    order: { createdAt: 'DESC' },
    take: RECENT_SUBSCRIBERS,
  });
  const names = await identityUsers.ownersOf(
    recent.map((subscription) => subscription.userId),
    context,
  );
  const newSubscribers = Number(figures.new_last_window);
  const before = Number(figures.active_window_ago);
  const growth = before === 0 ? (newSubscribers > 0 ? 100 : 0) : (newSubscribers / before) * 100;
  return {
    totalRevenue: 0,
    monthlyRevenue: 0,
    potentialMonthlyRevenue: round2(Number(figures.potential_monthly_revenue ?? 0)),
    betaFreeAccess: true,
    revenueNote: OwnerProfileMessages.betaRevenue,
    subscriberGrowth: round2(growth),
    newSubscribersLast30Days: newSubscribers,
    subscribersThirtyDaysAgo: before,
    engagementRate: trace.subscriberCount === 0 ? 0 : round2((trace.totalLikes / trace.subscriberCount) * 100),
    recentSubscribers: recent.map((subscription) => ({
      userId: subscription.userId,
      username: names.get(subscription.userId)?.username ?? null,
      tier: subscription.tierName as TierName,
      subscribedAt: subscription.createdAt.toISOString(),
    })),
  };
}
