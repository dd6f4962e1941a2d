import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/icons';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/auth';
import { readNotice } from './notice';

/**
 * `/login` (seed 000 §2): `?email=` prefills the username; signed-in users go to the dashboard. A notice
 * from the previous page (beta code verified, password reset) shows above the form.
 */
export function LoginRoute() {
  const { user, isLoading } = useSession();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dashboard = paths.app.dashboard.getHref();
  const notice = readNotice(location.state);

  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (user) return <Navigate to={dashboard} replace />;

  return (
    <PublicLayout title="Sign In">
      <Card className="auth-card" aria-labelledby="login-title">
        <CardHeader>
          <CardTitle as="h1" id="login-title">
            Welcome back
          </CardTitle>
          <CardDescription>Sign in with your username or email.</CardDescription>
        </CardHeader>
        <CardContent className="stack">
          {notice ? (
            <Alert variant="success" icon={<CheckIcon size={16} />}>
              {notice}
            </Alert>
          ) : null}
          <LoginForm
            defaultUsername={searchParams.get('email') ?? ''}
            onSuccess={() => navigate(dashboard, { replace: true })}
          />
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
