import { useState } from 'react';
import { BrowserRouter, matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/lib/auth';
import { lazyRoute, lazyScreensIn } from './lazy-route';
import { RouteErrorBoundary, RootRoute } from './routes/root';

// Every screen is its own chunk, loaded on first visit; the entry keeps only the root (maintenance gate,
// error boundary) and what every page needs. Nested screens of the signed-in shell also load its chunk.
const AdminRoute = lazyRoute(
  () => import('./routes/app/admin'),
  (m) => m.AdminRoute,
);
const DashboardRoute = lazyRoute(
  () => import('./routes/app/dashboard'),
  (m) => m.DashboardRoute,
);
const DiscoveryRoute = lazyRoute(
  () => import('./routes/app/discovery'),
  (m) => m.DiscoveryRoute,
);
const TraceRoute = lazyRoute(
  () => import('./routes/app/trace'),
  (m) => m.TraceRoute,
);
const TraceDashboardRoute = lazyRoute(
  () => import('./routes/app/trace-dashboard'),
  (m) => m.TraceDashboardRoute,
);
const TradingTerminalRoute = lazyRoute(
  () => import('./routes/app/trading-terminal'),
  (m) => m.TradingTerminalRoute,
);
const MyCopiesRoute = lazyRoute(
  () => import('./routes/app/my-copies'),
  (m) => m.MyCopiesRoute,
);
const NotificationsRoute = lazyRoute(
  () => import('./routes/app/notifications'),
  (m) => m.NotificationsRoute,
);
const AppRoot = lazyRoute(
  () => import('./routes/app/root'),
  (m) => m.AppRoot,
);
const SettingsRoute = lazyRoute(
  () => import('./routes/app/settings'),
  (m) => m.SettingsRoute,
);
const BetaSignupRoute = lazyRoute(
  () => import('./routes/auth/beta-signup'),
  (m) => m.BetaSignupRoute,
);
const ForgotPasswordRoute = lazyRoute(
  () => import('./routes/auth/forgot-password'),
  (m) => m.ForgotPasswordRoute,
);
const LoginRoute = lazyRoute(
  () => import('./routes/auth/login'),
  (m) => m.LoginRoute,
);
const ResetPasswordRoute = lazyRoute(
  () => import('./routes/auth/reset-password'),
  (m) => m.ResetPasswordRoute,
);
const DevMailRoute = lazyRoute(
  () => import('./routes/dev-mail'),
  (m) => m.DevMailRoute,
);
const LandingRoute = lazyRoute(
  () => import('./routes/landing'),
  (m) => m.LandingRoute,
);
const NotFoundRoute = lazyRoute(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
);
const PaperPortalRoute = lazyRoute(
  () => import('./routes/paper/portal'),
  (m) => m.PaperPortalRoute,
);
const PaperTradeRoute = lazyRoute(
  () => import('./routes/paper/trade'),
  (m) => m.PaperTradeRoute,
);
const PublicPlaceholderRoute = lazyRoute(
  () => import('./routes/public-placeholder'),
  (m) => m.PublicPlaceholderRoute,
);
const UnsubscribeRoute = lazyRoute(
  () => import('./routes/unsubscribe'),
  (m) => m.UnsubscribeRoute,
);
const RequestBetaRoute = lazyRoute(
  () => import('./routes/request-beta'),
  (m) => m.RequestBetaRoute,
);

/**
 * The route table of docs/product.md#screens-and-routes (paths from config/paths.ts). Exported for tests (memory
 * router). Declarative routing (useRoutes), not a data router: the app loads its data with React Query, and the data
 * router's 29 kB (gzip) would put the entry over its 100 kB budget. So errors are caught by our own boundary.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    // The paper broker's pages stand outside the product: no maintenance gate, no shell, no feedback button.
    {
      element: (
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      ),
      children: [
        { path: paths.paper.portal.path, element: <PaperPortalRoute /> },
        {
          path: paths.paper.trade.path,
          element: (
            <ProtectedRoute>
              <PaperTradeRoute />
            </ProtectedRoute>
          ),
        },
      ],
    },
    {
      element: (
        <RouteErrorBoundary>
          <RootRoute />
        </RouteErrorBoundary>
      ),
      children: [
        // Public
        { path: paths.home.path, element: <LandingRoute /> },
        { path: paths.auth.login.path, element: <LoginRoute /> },
        { path: paths.requestBeta.path, element: <RequestBetaRoute /> },
        { path: paths.auth.forgotPassword.path, element: <ForgotPasswordRoute /> },
        { path: paths.auth.forgotPasswordAlias.path, element: <ForgotPasswordRoute /> },
        { path: paths.auth.resetPassword.path, element: <ResetPasswordRoute /> },
        { path: paths.auth.betaSignup.path, element: <BetaSignupRoute /> },
        { path: paths.contact.path, element: <PublicPlaceholderRoute title="Contact" /> },
        { path: paths.unsubscribe.path, element: <UnsubscribeRoute /> },
        // Development only (the server answers outside production): the mailbox of e-mails not sent.
        { path: paths.dev.mail.path, element: <DevMailRoute /> },

        // Protected: inside the signed-in shell
        {
          element: (
            <ProtectedRoute>
              <AppRoot />
            </ProtectedRoute>
          ),
          children: [
            { path: paths.app.dashboard.path, element: <DashboardRoute /> },
            { path: paths.app.tradingTerminal.path, element: <TradingTerminalRoute /> },
            { path: paths.app.discovery.path, element: <DiscoveryRoute /> },
            { path: paths.app.trace.path, element: <TraceRoute /> },
            { path: paths.app.traceDashboard.path, element: <TraceDashboardRoute /> },
            { path: paths.app.settings.path, element: <SettingsRoute /> },
            { path: paths.app.myCopies.path, element: <MyCopiesRoute /> },
            { path: paths.app.notifications.path, element: <NotificationsRoute /> },
            { path: paths.app.admin.path, element: <AdminRoute /> },
          ],
        },

        { path: paths.notFound.path, element: <NotFoundRoute /> },
      ],
    },
  ];
}

const appRoutes = createAppRoutes();

/** The screen of the current location (inside a router: the browser's, or a memory router in tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Starts downloading the screens of `pathname` (with their layouts) at once: on the first load they then arrive
 * while the session and Beta Launch Mode are being read, instead of after.
 */
export function preloadScreens(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes, pathname) ?? []) {
    for (const screen of lazyScreensIn(route.element)) {
      screen.preload().catch(() => undefined); // rendering the screen tries again and shows the error
    }
  }
}

export function AppRouter() {
  useState(() => preloadScreens(window.location.pathname));
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
