import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { AuthCard } from '@/components/ui/auth-card';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * `/auth/reset-password?token=…` (docs/product.md#sign-in-and-password-reset): success goes to sign in after 3 seconds.
 */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const onDone = useCallback(
    (message: string) => navigate(paths.auth.login.getHref(), { replace: true, state: { notice: message } }),
    [navigate],
  );
  return (
    <PublicLayout title="Reset Password">
      <AuthCard
        titleId="reset-title"
        titleAs="h1"
        title="Reset Password"
        description="Choose a new password for your account."
      >
        <ResetPasswordForm token={searchParams.get('token') ?? ''} onDone={onDone} />
      </AuthCard>
    </PublicLayout>
  );
}
