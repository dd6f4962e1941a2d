import { cn } from '@/lib/cn';

/**
 * The wizard's progress: a dot per step (done, current, to come) and 'Step n of 4' in words. The dots only
 * draw what the words say, so assistive technology reads the words alone.
 */
export function ProgressDots({ step, total }: { step: number; total: number }) {
  return (
    <div className="onboarding-progress">
      <ol className="onboarding-progress__dots" aria-hidden="true">
        {Array.from({ length: total }, (_, index) => {
          const number = index + 1;
          return (
            <li
              key={number}
              className={cn(
                'onboarding-progress__dot',
                number < step && 'onboarding-progress__dot--done',
                number === step && 'onboarding-progress__dot--current',
              )}
            />
          );
        })}
      </ol>
      <p className="onboarding-progress__text" data-testid="onboarding-step">
        Step {step} of {total}
      </p>
    </div>
  );
}
