import { Link, Outlet, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { FeedbackButton } from '@/features/feedback/components/feedback-button';
import { MaintenanceGate } from '@/features/maintenance/components/maintenance-gate';

/**
 * Every route renders through the maintenance gate (seed 000 §2: the screen replaces all content).
 * The floating feedback button shows on every page to signed-in users only.
 */
export function RootRoute() {
  return (
    <MaintenanceGate>
      <Outlet />
      <FeedbackButton />
    </MaintenanceGate>
  );
}

/** Shown when rendering a route throws. */
export function RootErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <PublicLayout title="Something went wrong">
      <div className="centered-message">
        <h1 className="page__title">Something went wrong</h1>
        <p className="page__note">{detail ?? 'An unexpected error occurred.'}</p>
        <div className="button-row">
          <button
            type="button"
            className={buttonClassName({ variant: 'primary' })}
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <Link to={paths.home.getHref()} className={buttonClassName({ variant: 'outline' })}>
            Return to Home
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
