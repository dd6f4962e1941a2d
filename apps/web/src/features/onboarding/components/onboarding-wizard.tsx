import type { UserView } from '@copytrade/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isProviderRegistered } from '@/lib/provider-registration';
import { useAutoSubscribeFlow, type ProviderRegistration } from '../api/auto-subscribe';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { useOnboardingTrader } from '../api/get-onboarding-trader';
import { AllSetStep } from './all-set-step';
import { BrokerageStep, type OnboardingBrokerage } from './brokerage-step';
import { ONBOARDING_CLOSE_DELAY_MS, ONBOARDING_STEPS, ONBOARDING_TEXTS } from './onboarding-texts';
import { ProgressDots } from './progress-dots';
import { TraderStep } from './trader-step';
import { WelcomeStep } from './welcome-step';
import '../onboarding.css';

export interface OnboardingWizardProps {
  user: UserView;
  /** Called once onboarding is done (completed, or its completion failed): /dashboard then shows the dashboard. */
  onClose: () => void;
  /** The brokerage feature's registration calls, used before auto-subscribing. */
  provider: ProviderRegistration;
  /** The brokerage feature's connect flow, for step 4. */
  brokerage: OnboardingBrokerage;
}

/**
 * The onboarding wizard shown in place of the dashboard (docs/product.md#onboarding-wizard): Welcome, the designated
 * trader with 'Auto-Subscribe Now', 'You're All Set!', and the optional brokerage connection. Steps go 1→2→3→4 with
 * Previous (not on step 1) and Continue; Continue on step 4 ('Skip for Now' / 'Continue to App') completes onboarding
 * and closes about 100 ms later, or at once if completion fails.
 */
export function OnboardingWizard({ user, onClose, provider, brokerage }: OnboardingWizardProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const trader = useOnboardingTrader();
  const autoSubscribe = useAutoSubscribeFlow({ provider });
  const complete = useCompleteOnboarding();
  const [closing, setClosing] = useState(false);
  const registered = isProviderRegistered(user);

  // A new step moves focus to its title (not on first show: the page's own focus stays where it is).
  const container = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    container.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);

  // The ~100 ms close after completion: cancelled if the wizard goes away first.
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const busy = autoSubscribe.isPending || closing;

  const onAutoSubscribe = () => {
    autoSubscribe.mutate(
      { userId: user.id, registerFirst: !user.snaptradeUserId },
      {
        onSuccess: (outcome) => {
          // An answer that is not ok stays on step 2 (docs/product.md#onboarding-wizard); ok, or a call that threw,
          // moves on.
          if (outcome !== 'refused') setStep(3);
        },
      },
    );
  };

  const finish = () => {
    setClosing(true);
    complete.mutate(
      { userId: user.id },
      {
        onSuccess: () => {
          closeTimer.current = window.setTimeout(onClose, ONBOARDING_CLOSE_DELAY_MS);
        },
        onError: (error) => {
          console.error('Completing onboarding failed; closing the wizard anyway', error);
          onClose();
        },
      },
    );
  };

  const viewLiveTrades = () => {
    const traderId = trader.data?.id;
    navigate(traderId ? paths.app.trace.getHref(traderId) : paths.app.discovery.getHref());
  };

  let content;
  if (step === 1) content = <WelcomeStep firstName={user.firstName?.trim() || 'Trader'} />;
  else if (step === 2)
    content = (
      <TraderStep
        trader={trader}
        onRetry={() => void trader.refetch()}
        subscribing={autoSubscribe.isPending}
        onAutoSubscribe={onAutoSubscribe}
      />
    );
  else if (step === 3)
    content = <AllSetStep traderName={trader.data?.id ? trader.data.name : null} onViewLiveTrades={viewLiveTrades} />;
  else content = <BrokerageStep registered={registered} brokerage={brokerage} />;

  const connected = brokerage.connection !== undefined;

  return (
    <div className="page onboarding" ref={container}>
      <title>Welcome · CopyTrade</title>
      <div className="onboarding__panel">
        <ProgressDots step={step} total={ONBOARDING_STEPS} />
        {content}
        <nav className="onboarding__nav" aria-label="Onboarding steps">
          {step > 1 ? (
            <Button variant="ghost" onClick={() => setStep((current) => current - 1)} disabled={busy}>
              <ChevronLeftIcon size={14} />
              {ONBOARDING_TEXTS.previous}
            </Button>
          ) : null}
          {step < ONBOARDING_STEPS ? (
            <Button
              variant="primary"
              className="onboarding__next"
              onClick={() => setStep((current) => current + 1)}
              disabled={busy}
            >
              {ONBOARDING_TEXTS.continue}
              <ChevronRightIcon size={14} />
            </Button>
          ) : (
            <Button variant="primary" className="onboarding__next" onClick={finish} disabled={busy}>
              {connected ? ONBOARDING_TEXTS.continueToApp : ONBOARDING_TEXTS.skip}
            </Button>
          )}
        </nav>
      </div>
    </div>
  );
}
