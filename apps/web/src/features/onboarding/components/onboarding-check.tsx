import { ONBOARDING_TEXTS } from './onboarding-texts';
import './onboarding-check.css';

/** The spinner /dashboard shows while it decides between the wizard and the dashboard. */
export function OnboardingCheck() {
  return (
    <div className="onboarding-check" role="status">
      <span className="spinner-wrap spinner-wrap--lg" aria-hidden="true">
        <span className="spinner" />
      </span>
      <p className="muted">{ONBOARDING_TEXTS.checking}</p>
    </div>
  );
}
