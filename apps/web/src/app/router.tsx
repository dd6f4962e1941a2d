import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { NotBuiltYet } from '@/components/ui/not-built-yet';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/lib/auth';
import { AdminRoute } from './routes/app/admin';
import { DashboardRoute } from './routes/app/dashboard';
import { AppRoot } from './routes/app/root';
import { SettingsRoute } from './routes/app/settings';
import { BetaSignupRoute } from './routes/auth/beta-signup';
import { ForgotPasswordRoute } from './routes/auth/forgot-password';
import { LoginRoute } from './routes/auth/login';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { DevMailRoute } from './routes/dev-mail';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { PaperPortalRoute } from './routes/paper/portal';
import { PaperTradeRoute } from './routes/paper/trade';
import { PublicPlaceholderRoute } from './routes/public-placeholder';
import { RequestBetaRoute } from './routes/request-beta';
import { RootErrorBoundary, RootRoute } from './routes/root';

/** The route table of seed 000 §2 (paths from config/paths.ts). Exported for tests (memory router). */
export function createAppRoutes(): RouteObject[] {
  return [
    // The paper broker's pages stand outside the product: no maintenance gate, no shell, no feedback button.
    {
      errorElement: <RootErrorBoundary />,
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
      element: <RootRoute />,
      errorElement: <RootErrorBoundary />,
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
            { path: paths.app.tradingTerminal.path, element: <NotBuiltYet title="Trading Terminal" /> },
            { path: paths.app.discovery.path, element: <NotBuiltYet title="Discover Traders" /> },
            { path: paths.app.trace.path, element: <NotBuiltYet title="Trace Profile" /> },
            { path: paths.app.traceDashboard.path, element: <NotBuiltYet title="Trace Dashboard" /> },
            { path: paths.app.settings.path, element: <SettingsRoute /> },
            { path: paths.app.myCopies.path, element: <NotBuiltYet title="My Copy Trades" /> },
            { path: paths.app.admin.path, element: <AdminRoute /> },
          ],
        },

        { path: paths.notFound.path, element: <NotFoundRoute /> },
      ],
    },
  ];
}

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(createAppRoutes()), []);
  return <RouterProvider router={router} />;
}
