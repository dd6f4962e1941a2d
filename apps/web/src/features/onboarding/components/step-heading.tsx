import type { ReactNode } from 'react';

/**
 * A step's title (the page's h1 while the wizard shows). The wizard moves focus to it when the step changes,
 * so a screen reader announces the new step.
 */
export function StepHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <header className="onboarding-step__header">
      <h1 className="onboarding-step__title" tabIndex={-1} data-step-heading="">
        {children}
      </h1>
      {description ? <p className="onboarding-step__description">{description}</p> : null}
    </header>
  );
}
