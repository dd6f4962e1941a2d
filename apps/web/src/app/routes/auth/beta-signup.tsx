import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert, SuccessAlert } from '@/components/ui/alert';
import { AuthCard } from '@/components/ui/auth-card';
import { ChartIcon, CopyIcon, UsersIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';
import { readNotice } from './notice';

const SPLASH_POINTS = [
  { icon: CopyIcon, text: 'Copy trades from top traces into your own account' },
  { icon: ChartIcon, text: 'Track live positions and performance' },
  { icon: UsersIcon, text: 'Join a community of connected traders' },
] as const;

/**
 * `/beta-signup?email=…` (docs/product.md#signup): the splash and the final signup form. The e-mail comes from the
 * verified beta code and cannot be changed here. On success the user is signed in and goes to /dashboard.
 */
export function BetaSignupRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const email = (searchParams.get('email') ?? '').trim();
  const notice = readNotice(location.state);

  return (
    <PublicLayout title="Beta Signup">
      <div className="split split--signup">
        <section className="marketing" aria-labelledby="signup-splash-title">
          <p className="marketing__eyebrow">You&apos;re in</p>
          <h1 id="signup-splash-title" className="marketing__title">
            Join the Future of Connected Trading.
          </h1>
          <p className="marketing__lead">Create your account to finish joining the CopyTrade closed beta.</p>
          <ul className="hero__highlights">
            {SPLASH_POINTS.map(({ icon: Icon, text }) => (
              <li key={text}>
                <Icon size={16} className="marketing__icon" />
                {text}
              </li>
            ))}
          </ul>
        </section>
        <AuthCard
          titleId="signup-title"
          title="Create your account"
          description="All fields are required."
          wide
          contentClassName="stack"
        >
          {notice ? <SuccessAlert>{notice}</SuccessAlert> : null}
          {!email ? (
            <Alert variant="warning" title="No e-mail address">
              Open this page by verifying your beta code, so your e-mail address is filled in.{' '}
              <Link to={paths.requestBeta.getHref()} className="text-link">
                Enter your beta code
              </Link>
            </Alert>
          ) : null}
          <SignupForm email={email} onSuccess={() => navigate(paths.app.dashboard.getHref(), { replace: true })} />
        </AuthCard>
      </div>
    </PublicLayout>
  );
}
