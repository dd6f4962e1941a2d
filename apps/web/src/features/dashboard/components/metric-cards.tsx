import type { ComponentType, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChartIcon, CreditCardIcon, DollarIcon, LayersIcon, type IconProps } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format/money';
import { DASHBOARD_DATA_FAILED, type PortfolioTotals } from '../api/get-portfolio';

/** The sample figures shown, blurred, until a brokerage is linked. */
export const SAMPLE_FIGURES = { portfolioValue: 24_587, cash: 12_450, positions: 8 } as const;

export type MetricCardsState =
  | { kind: 'sample' }
  | { kind: 'loading' }
  | { kind: 'error'; onRetry: () => void; retrying: boolean }
  | { kind: 'real'; totals: PortfolioTotals };

interface Metric {
  label: string;
  icon: ComponentType<IconProps>;
  value: string;
  hint: string;
}

function metricsOf(state: MetricCardsState): Metric[] {
  if (state.kind === 'real') {
    const { totals } = state;
    return [
      {
        label: 'Portfolio Value',
        icon: ChartIcon,
        value: formatUsd(totals.portfolioValue),
        hint: `Across ${totals.accounts} ${totals.accounts === 1 ? 'account' : 'accounts'}`,
      },
      {
        label: 'Brokerage Accounts',
        icon: CreditCardIcon,
        value: String(totals.accounts),
        hint: 'Linked through SnapTrade',
      },
      {
        label: 'Total Cash',
        icon: DollarIcon,
        value: formatUsd(totals.cash),
        hint: `Buying power ${formatUsd(totals.buyingPower)}`,
      },
      { label: 'Total Positions', icon: LayersIcon, value: String(totals.positions), hint: 'Open positions' },
    ];
  }
  return [
    {
      label: 'Portfolio Value',
      icon: ChartIcon,
      value: formatUsd(SAMPLE_FIGURES.portfolioValue, { whole: true }),
      hint: 'Across all accounts',
    },
    { label: 'Brokerage Accounts', icon: CreditCardIcon, value: '0', hint: 'Linked through SnapTrade' },
    {
      label: 'Total Cash',
      icon: DollarIcon,
      value: formatUsd(SAMPLE_FIGURES.cash, { whole: true }),
      hint: 'Available to trade',
    },
    { label: 'Total Positions', icon: LayersIcon, value: String(SAMPLE_FIGURES.positions), hint: 'Open positions' },
  ];
}

function MetricCard({ metric, body }: { metric: Metric; body: ReactNode }) {
  const Icon = metric.icon;
  return (
    <Card className="metric-card">
      <div className="metric-card__top">
        <h2 className="metric-card__label">{metric.label}</h2>
        <Icon size={16} className="metric-card__icon" />
      </div>
      {body}
    </Card>
  );
}

/**
 * The four metric cards (docs/product.md#dashboard): Portfolio Value, Brokerage Accounts, Total Cash, Total Positions.
 * Real sums across accounts once linked; blurred sample figures until then.
 */
export function MetricCards({ state }: { state: MetricCardsState }) {
  if (state.kind === 'error') {
    return (
      <div className="metric-grid__error" role="alert">
        <p className="metric-grid__error-text">{DASHBOARD_DATA_FAILED}</p>
        <Button size="sm" variant="outline" onClick={state.onRetry} disabled={state.retrying}>
          {state.retrying ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    );
  }

  const sample = state.kind === 'sample';
  const metrics = metricsOf(state);
  return (
    <section
      className={cn('metric-grid', sample && 'metric-grid--sample')}
      aria-label="Portfolio metrics"
      aria-busy={state.kind === 'loading' || undefined}
      aria-describedby={sample ? 'metric-grid-sample-note' : undefined}
    >
      {sample ? (
        <p id="metric-grid-sample-note" className="sr-only">
          Sample figures. Connect your brokerage account to see your own.
        </p>
      ) : null}
      {state.kind === 'loading' ? (
        <span className="sr-only" role="status">
          Loading portfolio data...
        </span>
      ) : null}
      {metrics.map((metric) => (
        <MetricCard
          key={metric.label}
          metric={metric}
          body={
            state.kind === 'loading' ? (
              <div className="metric-card__body">
                <Skeleton width="60%" height={24} />
                <Skeleton width="40%" height={10} />
              </div>
            ) : (
              <div className={cn('metric-card__body', sample && 'is-blurred')}>
                <p className="metric-card__value">{metric.value}</p>
                <p className="metric-card__hint">{metric.hint}</p>
              </div>
            )
          }
        />
      ))}
    </section>
  );
}
