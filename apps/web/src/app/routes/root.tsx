import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths } from '@/config/paths';
import { MaintenanceGate } from '@/features/maintenance/components/maintenance-gate';

// Loaded apart from the entry: only signed-in users see it, and its dialog brings the dialog and select primitives.
const FeedbackButton = lazy(async () => ({
  default: (await import('@/features/feedback/components/feedback-button')).FeedbackButton,
}));

/**
 * Every route renders through the maintenance gate (docs/product.md#maintenance-screen).
 * The floating feedback button shows on every page to signed-in users only.
 */
export function RootRoute() {
  return (
    <MaintenanceGate>
      <Outlet />
      <Suspense fallback={null}>
        <FeedbackButton />
      </Suspense>
    </MaintenanceGate>
  );
}

/**
 * Catches what a screen throws while rendering (or a route chunk that fails to download, e.g. after a deploy
 * removed it) and shows 'Something went wrong'. A new location starts over with the new screen.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher pathname={pathname}>{children}</ErrorCatcher>;
}

interface CatcherProps {
  pathname: string;
  children: ReactNode;
}

/** React catches render errors only in a class component; it is reset (not remounted) on a new path. */
class ErrorCatcher extends Component<CatcherProps, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RootErrorBoundary /> : this.props.children;
  }
}

/** Shown when rendering a route throws. */
export function RootErrorBoundary() {
  return (
    <PublicLayout title="Something went wrong">
      <div className="centered-message">
        <h1 className="page__title">Something went wrong</h1>
        <p className="page__note">An unexpected error occurred.</p>
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
