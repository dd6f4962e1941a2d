import type { TraceDetailView } from '@copytrade/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { LoadError } from '@/components/ui/data-state';
import { CheckIcon, SparklesIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useTraceTiers } from '@/lib/traces/get-trace-tiers';
import type { SubscriptionActions } from '../hooks/use-subscription-actions';
import { tierLabel } from '@/lib/format/text';
import { formatMoney } from '@/lib/format/trade';

export const BETA_ACCESS_TEXTS = {
  title: 'Beta Access',
  betaFree: 'During the beta, subscribing gives you access without payment.',
  noTiers: 'This trace has no subscription tiers yet, so it cannot be subscribed to.',
  tiersFailed: "Couldn't load the subscription tiers.",
} as const;

const BENEFITS = ['Live and past shared trades', 'Posts & analysis', 'Performance analytics'];

/**
 * The public view's subscription card (docs/product.md#trace-page): the first tier's price per month and Subscribe,
 * which uses that first tier; disabled while the tiers load or when the trace has none.
 */
export function BetaAccessCard({ trace, actions }: { trace: TraceDetailView; actions: SubscriptionActions }) {
  const titleId = useId();
  const noteId = useId();
  const tiers = useTraceTiers(trace.id);
  const first = tiers.data?.tiers[0];

  let price;
  if (tiers.isPending) {
    price = (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading subscription tiers...
        </span>
        <Skeleton width={120} height={28} />
      </div>
    );
  } else if (tiers.isError) {
    price = (
      <LoadError onRetry={() => void tiers.refetch()} retrying={tiers.isFetching}>
        {BETA_ACCESS_TEXTS.tiersFailed}
      </LoadError>
    );
  } else if (!first) {
    price = <p className="muted">{BETA_ACCESS_TEXTS.noTiers}</p>;
  } else {
    price = (
      <div className="beta-access__price">
        <span className="beta-access__amount num">{formatMoney(first.price)}</span>
        <span className="muted">per month</span>
        <span className="beta-access__tier muted small">{tierLabel(first.name)} tier</span>
      </div>
    );
  }

  return (
    <TitledCard
      className="beta-access"
      titleId={titleId}
      title={
        <span className="beta-access__title">
          <SparklesIcon size={16} />
          {BETA_ACCESS_TEXTS.title}
        </span>
      }
    >
      <div className="beta-access__content">
        {price}
        {tiers.data?.betaFreeAccess && first ? (
          <p id={noteId} className="beta-access__note">
            {BETA_ACCESS_TEXTS.betaFree}
          </p>
        ) : null}
        <ul className="beta-access__benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CheckIcon size={14} />
              {benefit}
            </li>
          ))}
        </ul>
        <Button
          variant="primary"
          className="beta-access__subscribe"
          disabled={!first || actions.isSubscribing}
          aria-describedby={tiers.data?.betaFreeAccess && first ? noteId : undefined}
          onClick={() => {
            if (first) actions.subscribe(first.id);
          }}
        >
          {actions.isSubscribing ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </TitledCard>
  );
}
