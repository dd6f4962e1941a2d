import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/data-state';
import type { OnboardingTrader } from '../api/get-onboarding-trader';
import { ONBOARDING_TEXTS } from './onboarding-texts';
import { StepHeading } from './step-heading';
import { TraderCard } from './trader-card';

export interface TraderStepProps {
  trader: { data: OnboardingTrader | undefined; isPending: boolean; isError: boolean; isFetching: boolean };
  onRetry: () => void;
  subscribing: boolean;
  onAutoSubscribe: () => void;
}

/** Step 2: the designated trader's card and 'Auto-Subscribe Now' (docs/product.md#onboarding-wizard). */
export function TraderStep({ trader, onRetry, subscribing, onAutoSubscribe }: TraderStepProps) {
  let body;
  if (trader.data) body = <TraderCard trader={trader.data} />;
  else if (trader.isError)
    body = (
      <LoadError onRetry={onRetry} retrying={trader.isFetching}>
        {ONBOARDING_TEXTS.traderFailed}
      </LoadError>
    );
  else
    body = (
      <div className="onboarding-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{ONBOARDING_TEXTS.loadingTrader}</span>
      </div>
    );

  return (
    <div className="onboarding-step">
      <StepHeading description="Start by following a top trader we picked for new members: you see their trades as they happen.">
        Meet Your First Trader
      </StepHeading>
      {body}
      <div className="onboarding-subscribe">
        <Button
          variant="primary"
          size="lg"
          onClick={onAutoSubscribe}
          disabled={subscribing || !trader.data}
          className="onboarding-subscribe__button"
        >
          {subscribing ? ONBOARDING_TEXTS.subscribing : ONBOARDING_TEXTS.autoSubscribe}
        </Button>
        {/* Always present, so the busy text is announced when it appears. */}
        <p className="onboarding-subscribe__status muted small" role="status">
          {subscribing ? ONBOARDING_TEXTS.settingUp : ''}
        </p>
      </div>
    </div>
  );
}
