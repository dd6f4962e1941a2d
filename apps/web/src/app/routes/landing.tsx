import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { ChartIcon, CopyIcon, UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { BetaCodeEntry } from '@/features/beta/components/beta-code-entry';
import { useSession } from '@/lib/auth';

const HIGHLIGHTS = [
  { icon: CopyIcon, text: 'Copy shared trades into your own brokerage account' },
  { icon: ChartIcon, text: 'Live positions and performance of every trace' },
  { icon: UsersIcon, text: 'Follow traders and join their tiers' },
] as const;

/**
 * `/`: the landing and beta entry page (docs/product.md#beta-code-pages): what the product is and the beta code entry.
 */
export function LandingRoute() {
  const { user } = useSession();
  return (
    <PublicLayout title="Beta Entry">
      <div className="split">
        <section className="hero" aria-labelledby="hero-title">
          <p className="marketing__eyebrow">Closed Beta</p>
          <h1 id="hero-title" className="hero__title">
            Trade alongside the traders you trust.
          </h1>
          <p className="hero__lead">
            CopyTrade is social copy trading for retail traders: follow traces, watch their live trades and copy them
            into your own account. Access is by beta code while we are in closed beta.
          </p>
          <ul className="hero__highlights">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon size={16} className="marketing__icon" />
                {text}
              </li>
            ))}
          </ul>
          <div className="hero__actions">
            {user ? (
              <Link to={paths.app.dashboard.getHref()} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                Go to Dashboard
              </Link>
            ) : (
              <Link to={paths.auth.login.getHref()} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
                Sign in
              </Link>
            )}
            <Link to={paths.requestBeta.getHref()} className={buttonClassName({ variant: 'ghost', size: 'lg' })}>
              Request a beta code
            </Link>
          </div>
        </section>
        <div className="split__side">
          <BetaCodeEntry />
        </div>
      </div>
    </PublicLayout>
  );
}
