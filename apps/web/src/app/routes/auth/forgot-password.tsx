import { PublicLayout } from '@/components/layouts/public-layout';
import { AuthCard } from '@/components/ui/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** `/auth/forgot-password` and its older alias `/forgot-password` (docs/product.md#sign-in-and-password-reset). */
export function ForgotPasswordRoute() {
  return (
    <PublicLayout title="Forgot Password">
      <AuthCard
        titleId="forgot-title"
        titleAs="h1"
        title="Forgot Password"
        description="Enter your account's e-mail address and we'll send you a reset link."
      >
        <ForgotPasswordForm />
      </AuthCard>
    </PublicLayout>
  );
}
