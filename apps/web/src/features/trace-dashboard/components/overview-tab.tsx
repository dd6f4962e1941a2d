import { useId, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import {
  ChartIcon,
  DollarIcon,
  HeartIcon,
  LayersIcon,
  MessageIcon,
  SettingsIcon,
  UsersIcon,
} from '@/components/ui/icons';
import type { OwnerTraceData } from '../api/get-owner-trace';
import { formatDay } from '@/lib/format/date';
import { tierLabel } from '@/lib/format/text';
import { formatMoney, formatSignedPercentValue, formatWinRate } from '@/lib/format/trade';
import type { DashboardTab } from './trace-dashboard';

const countFormat = new Intl.NumberFormat('en-US');

function StatCard({ label, value, note, icon }: { label: string; value: string; note: ReactNode; icon: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card owner-stat" aria-labelledby={titleId}>
      <div className="owner-stat__head">
        <h3 id={titleId} className="owner-stat__label">
          {label}
        </h3>
        <span className="owner-stat__icon" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="owner-stat__value tabular">{value}</p>
      <p className="owner-stat__note">{note}</p>
    </section>
  );
}

const QUICK_ACTIONS: ReadonlyArray<{ tab: DashboardTab; label: string; icon: ReactNode }> = [
  { tab: 'trade-manager', label: 'Trade Manager', icon: <LayersIcon size={14} /> },
  { tab: 'content', label: 'Content', icon: <MessageIcon size={14} /> },
  { tab: 'analytics', label: 'Analytics', icon: <ChartIcon size={14} /> },
  { tab: 'settings', label: 'Settings', icon: <SettingsIcon size={14} /> },
];

/** Overview (docs/product.md#owner-dashboard): the four figures, Recent Subscribers (up to 5) and Quick Actions. */
export function OverviewTab({ data, onOpenTab }: { data: OwnerTraceData; onOpenTab: (tab: DashboardTab) => void }) {
  const { trace, analytics } = data;
  const recentId = useId();
  const actionsId = useId();
  const recent = analytics.recentSubscribers.slice(0, 5);
  const revenueNote =
    analytics.monthlyRevenue === 0 ? (
      <span title={analytics.revenueNote}>{formatMoney(0)} this month · Free during the beta</span>
    ) : (
      `${formatMoney(analytics.monthlyRevenue)} this month`
    );

  return (
    <div className="owner-overview">
      <h2 className="sr-only">Overview</h2>
      <div className="owner-stats">
        <StatCard
          label="Total Revenue"
          value={formatMoney(analytics.totalRevenue)}
          note={revenueNote}
          icon={<DollarIcon size={16} />}
        />
        <StatCard
          label="Subscribers"
          value={countFormat.format(trace.subscriberCount)}
          note={`${formatSignedPercentValue(analytics.subscriberGrowth)} growth (30 days)`}
          icon={<UsersIcon size={16} />}
        />
        <StatCard
          label="Monthly Return"
          value={formatSignedPercentValue(trace.monthlyReturn)}
          note={`${formatWinRate(trace.winRate)} win rate`}
          icon={<ChartIcon size={16} />}
        />
        <StatCard
          label="Engagement"
          value={`${analytics.engagementRate.toFixed(2)}%`}
          note={`${countFormat.format(trace.totalLikes)} total likes`}
          icon={<HeartIcon size={16} />}
        />
      </div>
      <div className="owner-overview__grid">
        <TitledCard titleId={recentId} title="Recent Subscribers" titleAs="h2">
          {recent.length === 0 ? (
            <div className="empty-state">
              <UsersIcon size={20} className="empty-state__icon" />
              <p className="empty-state__title">No subscribers yet</p>
              <p className="empty-state__text">New subscribers to your trace will show here.</p>
            </div>
          ) : (
            <ul className="owner-list" aria-labelledby={recentId}>
              {recent.map((subscriber) => {
                const name = subscriber.username ?? 'Subscriber';
                return (
                  <li key={`${subscriber.userId}-${subscriber.subscribedAt}`} className="owner-list__item">
                    <Avatar name={name} size={32} />
                    <div className="owner-list__text">
                      <span className="owner-list__name">{name}</span>
                      <span className="owner-list__meta">Subscribed {formatDay(subscriber.subscribedAt)}</span>
                    </div>
                    <Badge>{tierLabel(subscriber.tier)}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </TitledCard>
        <TitledCard titleId={actionsId} title="Quick Actions" titleAs="h2">
          <div className="owner-quick-actions">
            {QUICK_ACTIONS.map((action) => (
              <Button key={action.tab} variant="outline" onClick={() => onOpenTab(action.tab)}>
                {action.icon}
                {action.label}
              </Button>
            ))}
          </div>
        </TitledCard>
      </div>
    </div>
  );
}
