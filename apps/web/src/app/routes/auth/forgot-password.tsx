import { PublicLayout } from '@/components/layouts/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** `/auth/forgot-password` and its older alias `/forgot-password` (seed 000 §2). */
export function ForgotPasswordRoute() {
  return (
    <PublicLayout title="Forgot Password">
      <Card className="auth-card" aria-labelledby="forgot-title">
        <CardHeader>
          <CardTitle as="h1" id="forgot-title">
            Forgot Password
          </CardTitle>
          <CardDescription>Enter your account&apos;s e-mail address and we&apos;ll send you a reset link.</CardDescription>
        </CardHeader>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
