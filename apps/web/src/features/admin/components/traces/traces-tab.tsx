import type { AdminTraceView } from '@copytrade/contracts';
import { TracesMessages } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSetOnboardingTrader } from '../../api/set-onboarding-trader';
import { AdminFallbacks, toastAdminError, toastAdminSuccess } from '../admin-toasts';
import { ChangeOwnerDialog } from './change-owner-dialog';
import { CreateTraceDialog } from './create-trace-dialog';
import { DeleteTraceDialog } from './delete-trace-dialog';
import { OnboardingTraderSummary } from './onboarding-trader-summary';
import { TraceList } from './trace-list';

/**
 * The admin panel's Traces tab (docs/product.md#admin-panel): the onboarding trader, every trace with its
 * actions (change owner, set as onboarding trader, delete after a confirmation) and 'Create Trace'.
 * `userId` is the acting admin: the web app sends it in every admin body; the server decides from the session.
 */
export function TracesTab({ userId }: { userId: string }) {
  const titleId = useId();
  const listTitleId = useId();
  const [creating, setCreating] = useState(false);
  const [changingOwnerOf, setChangingOwnerOf] = useState<AdminTraceView | null>(null);
  const [deleting, setDeleting] = useState<AdminTraceView | null>(null);
  const setOnboarding = useSetOnboardingTrader();

  const setAsOnboardingTrader = (trace: AdminTraceView) => {
    if (setOnboarding.isPending) return;
    setOnboarding.mutate(
      { userId, traceId: trace.id },
      {
        onSuccess: (response) => toastAdminSuccess(response.message || TracesMessages.onboardingTraderSet),
        onError: (error) => toastAdminError(error, AdminFallbacks.setOnboardingTrader),
      },
    );
  };

  return (
    <section className="admin-traces-tab" aria-labelledby={titleId}>
      <div className="admin-traces-tab__header">
        <div>
          <h2 id={titleId} className="admin-traces-tab__title">
            Traces
          </h2>
          <p className="muted small">Create traces, change their owner, and choose the onboarding trader.</p>
        </div>
        <Button variant="primary" onClick={() => setCreating(true)}>
          Create Trace
        </Button>
      </div>
      <OnboardingTraderSummary userId={userId} />
      <h3 id={listTitleId} className="sr-only">
        All traces
      </h3>
      <TraceList
        userId={userId}
        labelledBy={listTitleId}
        onChangeOwner={setChangingOwnerOf}
        onSetOnboardingTrader={setAsOnboardingTrader}
        onDelete={setDeleting}
        settingOnboardingTraderId={setOnboarding.isPending ? (setOnboarding.variables?.traceId ?? null) : null}
      />
      <CreateTraceDialog open={creating} onClose={() => setCreating(false)} userId={userId} />
      <ChangeOwnerDialog trace={changingOwnerOf} onClose={() => setChangingOwnerOf(null)} userId={userId} />
      <DeleteTraceDialog trace={deleting} onClose={() => setDeleting(null)} userId={userId} />
    </section>
  );
}
