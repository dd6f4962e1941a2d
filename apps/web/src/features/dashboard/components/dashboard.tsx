import type { UserView } from '@copytrade/contracts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AlertIcon, RefreshIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isProviderRegistered } from '@/lib/provider-registration';
import { usePortfolio } from '../api/get-portfolio';
import { usePortfolioHistory } from '../api/get-portfolio-history';
import { AccountSummary } from './account-summary';
import { MetricCards, type MetricCardsState } from './metric-cards';
import { PerformanceOverview } from './performance-overview';
import '../dashboard.css';

// The side column's activity list is below the metrics and the chart: it loads after them, keeping the route's
// first download within its budget.
const RecentActivity = lazy(async () => ({ default: (await import('./recent-activity')).RecentActivity }));

export const NO_BROKERAGE_ALERT = 'Connect your brokerage account to see real portfolio data.';

const updatedAt = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** The welcome uses the first name, or 'Trader' when there is none (docs/product.md#dashboard). */
export const welcomeName = (user: UserView): string => user.firstName?.trim() || 'Trader';

/**
 * The dashboard (docs/product.md#dashboard): welcome, the no-brokerage alert, the four metric cards (real sums or
 * blurred samples), Performance Overview, Recent Activity and Account Summary. Brokerage data is read only
 * while the user is registered with the provider, on start and every 5 minutes.
 */
export function Dashboard({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const registered = isProviderRegistered(user);
  const portfolio = usePortfolio({ userId: user.id, registered });

  // Linked = the provider reports at least one account. Until the first read answers, the session's flag decides.
  const linked = registered && (portfolio.data ? portfolio.data.accounts.length > 0 : user.brokerageConnected);
  const history = usePortfolioHistory({ userId: user.id, enabled: registered && linked && portfolio.isSuccess });

  // Each new read of the balances records a snapshot: re-read the series after it so the chart ends there.
  const refetchHistory = history.refetch;
  const lastRead = useRef(portfolio.dataUpdatedAt);
  useEffect(() => {
    if (portfolio.dataUpdatedAt === lastRead.current) return;
    lastRead.current = portfolio.dataUpdatedAt;
    if (history.isFetched) void refetchHistory();
  }, [portfolio.dataUpdatedAt, history.isFetched, refetchHistory]);

  useEffect(() => {
    if (portfolio.error) console.error('Failed to fetch SnapTrade data', portfolio.error);
  }, [portfolio.error]);

  let cards: MetricCardsState;
  if (!registered) cards = { kind: 'sample' };
  else if (portfolio.data)
    cards = portfolio.data.accounts.length > 0 ? { kind: 'real', totals: portfolio.data.totals } : { kind: 'sample' };
  else if (portfolio.isError)
    cards = { kind: 'error', onRetry: () => void portfolio.refetch(), retrying: portfolio.isFetching };
  else cards = { kind: 'loading' };

  return (
    <div className="page page--dashboard">
      <title>Dashboard · CopyTrade</title>
      <div className="dashboard__header">
        <div className="page__header">
          <p className="dashboard__eyebrow">Dashboard</p>
          <h1 className="page__title">Welcome back, {welcomeName(user)}!</h1>
          <p className="page__note">Here&apos;s an overview of your portfolio and activity.</p>
        </div>
        {registered ? (
          <div className="dashboard__refresh">
            {portfolio.dataUpdatedAt ? (
              <span className="muted small" aria-live="polite">
                Updated {updatedAt.format(new Date(portfolio.dataUpdatedAt))}
              </span>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              onClick={() => void portfolio.refetch()}
              disabled={portfolio.isFetching}
              aria-label="Refresh portfolio data"
            >
              <RefreshIcon size={14} />
              {portfolio.isFetching ? 'Refreshing...' : 'Refresh'}
            </Button>
          </div>
        ) : null}
      </div>

      {!linked ? (
        <Alert variant="warning" icon={<AlertIcon size={16} />} className="dashboard__alert">
          <span>{NO_BROKERAGE_ALERT}</span>
          <Button
            size="sm"
            variant="outline"
            className="dashboard__alert-action"
            onClick={() => navigate(paths.app.settings.getHref())}
          >
            Go to Settings
          </Button>
        </Alert>
      ) : null}

      <MetricCards state={cards} />

      <div className="dashboard__grid">
        <PerformanceOverview
          linked={linked}
          history={history}
          blocked={registered && portfolio.isError && !portfolio.data}
        />
        <div className="dashboard__side">
          <Suspense fallback={<Skeleton width="100%" height={180} />}>
            <RecentActivity user={user} />
          </Suspense>
          <AccountSummary user={user} brokerageConnected={linked} />
        </div>
      </div>
    </div>
  );
}
