import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { ONBOARDING_TEXTS } from './onboarding-texts';
import { StepHeading } from './step-heading';

/** Step 3: the confirmation with next steps and 'View Live Trades' (to the trader's page, or Discovery). */
export function AllSetStep({
  traderName,
  onViewLiveTrades,
}: {
  traderName: string | null;
  onViewLiveTrades: () => void;
}) {
  return (
    <div className="onboarding-step onboarding-step--center">
      <span className="onboarding-done" aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <StepHeading description="Your account is ready. Here is what comes next.">{ONBOARDING_TEXTS.allSet}</StepHeading>
      <ol className="onboarding-next">
        <li>
          {traderName
            ? `Follow the live trades of ${traderName} on their page.`
            : 'Find a trader to follow in Discovery.'}
        </li>
        <li>Explore more traders in Discovery and subscribe to the ones you like.</li>
        <li>Connect your brokerage to copy trades into your own account.</li>
      </ol>
      <Button variant="outline" onClick={onViewLiveTrades}>
        {ONBOARDING_TEXTS.viewLiveTrades}
      </Button>
    </div>
  );
}
