import type { ReactNode } from 'react';
import { ChartIcon, CopyIcon, ShieldIcon } from '@/components/ui/icons';
import { StepHeading } from './step-heading';

const FEATURES: ReadonlyArray<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Copy Trading',
    text: 'Follow verified traders and copy their trades into your own brokerage account.',
    icon: <CopyIcon size={20} />,
  },
  {
    title: 'Real-Time Analytics',
    text: 'Watch trades, win rates and returns update as they happen.',
    icon: <ChartIcon size={20} />,
  },
  {
    title: 'Risk Management',
    text: 'Set your own copy amounts and limits, and stay in control of every position.',
    icon: <ShieldIcon size={20} />,
  },
];

/**
 * Step 1: what the product offers (docs/product.md#onboarding-wizard: copy trading, real-time analytics, risk
 * management).
 */
export function WelcomeStep({ firstName }: { firstName: string }) {
  return (
    <div className="onboarding-step">
      <StepHeading description="Let's get your account ready in a few quick steps.">
        Welcome to CopyTrade, {firstName}!
      </StepHeading>
      <ul className="onboarding-features">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="onboarding-feature">
            <span className="onboarding-feature__icon">{feature.icon}</span>
            <div className="onboarding-feature__text">
              <h2 className="onboarding-feature__title">{feature.title}</h2>
              <p className="onboarding-feature__body">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
