import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@/components/layouts/brand';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** `/`: the beta entry page of seed 000 §2 is not built yet; it leads to sign in and beta access. */
export function LandingRoute() {
  return (
    <PublicLayout title="Beta Entry">
      <div className="centered-message">
        <h1 className="page__title page__title--xl">{PRODUCT_NAME}</h1>
        <p className="lead">Social copy trading, in closed beta.</p>
        <p className="page__note">This screen is not built yet.</p>
        <div className="button-row">
          <Link to={paths.auth.login.getHref()} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Sign in
          </Link>
          <Link to={paths.requestBeta.getHref()} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
            Request beta access
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
