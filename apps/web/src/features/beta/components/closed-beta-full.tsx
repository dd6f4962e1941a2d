import { BetaMessages } from '@copytrade/contracts/rules';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/**
 * The closed-beta-full screen (docs/product.md#beta-code-pages): shown instead of the code entry when every seat is
 * taken, or when verification answers 403. Requests still go on a waiting list; members sign in.
 */
export function ClosedBetaFull({
  currentCount,
  maxCount,
  countKnown,
  waitingListHref = `${paths.requestBeta.getHref()}#request-code`,
}: {
  currentCount?: number;
  maxCount?: number;
  countKnown: boolean;
  waitingListHref?: string;
}) {
  return (
    <section className="beta-full" aria-labelledby="beta-full-title">
      <LockIcon size={28} className="beta-full__icon" />
      <h2 id="beta-full-title" className="beta-full__title">
        Closed Beta Full
      </h2>
      <p className="beta-full__text">{BetaMessages.betaFull}</p>
      {countKnown && maxCount !== undefined ? (
        <p className="beta-full__count">
          <span className="beta-full__figure">
            {Math.min(currentCount ?? maxCount, maxCount)} / {maxCount}
          </span>{' '}
          beta spots claimed
        </p>
      ) : null}
      <p className="muted small">
        Request a code to join the waiting list; we&apos;ll e-mail you when a spot opens. Already a member? Sign in.
      </p>
      <div className="button-row">
        <a href={waitingListHref} className={buttonClassName({ variant: 'primary' })}>
          Join the Waiting List
        </a>
        <Link to={paths.auth.login.getHref()} className={buttonClassName({ variant: 'outline' })}>
          Sign In
        </Link>
      </div>
    </section>
  );
}
