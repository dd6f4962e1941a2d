import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Any path not in the route table (docs/product.md#screens-and-routes). */
export function NotFoundRoute() {
  return (
    <PublicLayout title="Page not found">
      <div className="centered-message">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page__title">Oops! Page not found</h1>
        <Link to={paths.home.getHref()} className={buttonClassName({ variant: 'primary' })}>
          Return to Home
        </Link>
      </div>
    </PublicLayout>
  );
}
