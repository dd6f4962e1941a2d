import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { formatHandle } from '@/lib/format/profile';
import { useAdminOnboardingTrader } from '../../api/get-admin-onboarding-trader';
import { AdminFallbacks } from '../admin-toasts';
import { useToastOnLoadError } from './use-toast-on-load-error';

/** The trace new users are walked to in the onboarding wizard (POST /api/admin/onboarding-trader). */
export function OnboardingTraderSummary({ userId }: { userId: string }) {
  const titleId = useId();
  const query = useAdminOnboardingTrader(userId);
  useToastOnLoadError({
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    waiting: query.data === undefined,
    fallback: AdminFallbacks.fetchOnboardingTrader,
    toastId: 'admin-onboarding-trader-load',
  });

  return (
    <section className="admin-onboarding" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-onboarding__title">
        Onboarding trader
      </h3>
      {query.isPending ? (
        <LoadingRows label="Loading the onboarding trader…" count={1} />
      ) : query.data === undefined ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
          Couldn&apos;t load the onboarding trader.
        </LoadError>
      ) : query.data === null ? (
        <p className="muted">None designated: new users are shown the default trader. Pick one below.</p>
      ) : (
        <div className="admin-onboarding__trader">
          <Avatar src={query.data.avatar} name={query.data.name} size={32} />
          <div className="admin-onboarding__names">
            <span className="admin-onboarding__name">{query.data.name}</span>
            <span className="muted small">{formatHandle(query.data.handle)}</span>
          </div>
        </div>
      )}
    </section>
  );
}
