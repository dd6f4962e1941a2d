import type { SubscriptionView } from '@copytrade/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatSignedUsd } from '@/lib/format/money';
import { tierLabel } from '@/lib/format/text';
import { formatWhole, formatWinRate, trendClass } from '@/lib/format/trade';
import { formatHandle } from '@/lib/format/profile';
import { cn } from '@/lib/cn';
import type { PositionsSummary } from '../utils/terminal';

/**
 * The portfolio overview (docs/product.md#trading-terminal): win rate (1 decimal), total return (the signed sum of the
 * positions' P&L), active positions and subscriptions, over the feed's positions.
 */
export function PortfolioOverview({ summary, subscriptions }: { summary: PositionsSummary; subscriptions: number }) {
  const titleId = useId();
  const metrics = [
    { label: 'Win Rate', value: formatWinRate(summary.winRate) },
    { label: 'Total Return', value: formatSignedUsd(summary.totalReturn), tone: trendClass(summary.totalReturn) },
    { label: 'Active Positions', value: formatWhole(summary.positions) },
    { label: 'Subscriptions', value: formatWhole(subscriptions) },
  ];
  return (
    <section className="card tt-overview" aria-labelledby={titleId}>
      <div className="card__header">
        <h2 id={titleId} className="card__title">
          Portfolio Overview
        </h2>
      </div>
      <dl className="card__content tt-metrics">
        {metrics.map((metric) => (
          <div key={metric.label} className="tt-metrics__item">
            <dt className="tt-metrics__label">{metric.label}</dt>
            <dd className={cn('tt-metrics__value tabular', metric.tone)}>{metric.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One card per followed trader (shown when more than one is followed): positions, win rate and P&L. */
export function TraderCards({
  traders,
}: {
  traders: ReadonlyArray<{ subscription: SubscriptionView; summary: PositionsSummary }>;
}) {
  const titleId = useId();
  return (
    <section className="tt-traders" aria-labelledby={titleId}>
      <h2 id={titleId} className="tt-section-title">
        Your Traders
      </h2>
      <ul className="tt-traders__grid">
        {traders.map(({ subscription, summary }) => (
          <li key={subscription.traceId} className="card tt-trader-card">
            <div className="tt-trader-card__head">
              <Avatar src={subscription.trace.avatar} name={subscription.trace.name} size={32} />
              <div className="tt-trader-card__who">
                <Link to={paths.app.trace.getHref(subscription.traceId)} className="tt-trader-card__name">
                  {subscription.trace.name}
                </Link>
                <span className="muted small">{formatHandle(subscription.trace.handle)}</span>
              </div>
              <Badge variant="muted">{tierLabel(subscription.tier.name)}</Badge>
            </div>
            <dl className="tt-trader-card__stats">
              <div>
                <dt>Positions</dt>
                <dd className="tabular">{formatWhole(summary.positions)}</dd>
              </div>
              <div>
                <dt>Win Rate</dt>
                <dd className="tabular">{formatWinRate(summary.winRate)}</dd>
              </div>
              <div>
                <dt>P&amp;L</dt>
                <dd className={cn('tabular', trendClass(summary.totalReturn))}>
                  {formatSignedUsd(summary.totalReturn)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
