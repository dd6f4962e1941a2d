import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { SuccessAlert } from '@/components/ui/alert';
import { AuthCard } from '@/components/ui/auth-card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/auth';
import { readNotice } from './notice';

/**
 * `/login` (docs/product.md#sign-in-and-password-reset): `?email=` prefills the username; signed-in users go to the
 * dashboard. A notice from the previous page (beta code verified, password reset) shows above the form.
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
      <AuthCard
        titleId="login-title"
        titleAs="h1"
        title="Welcome back"
        description="Sign in with your username or email."
        contentClassName="stack"
      >
        {notice ? <SuccessAlert>{notice}</SuccessAlert> : null}
        <LoginForm
          defaultUsername={searchParams.get('email') ?? ''}
          onSuccess={() => navigate(dashboard, { replace: true })}
        />
      </AuthCard>
    </PublicLayout>
  );
}
