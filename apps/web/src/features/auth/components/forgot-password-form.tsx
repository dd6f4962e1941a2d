import { validateEmail } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { OutcomeAlert, type FormOutcome } from '@/components/ui/alert';
import { EmailField, FormFooterLink, SubmitButton } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { forgotPasswordErrorMessage, useForgotPassword } from '../api/forgot-password';

/**
 * Forgot password (docs/product.md#sign-in-and-password-reset): one e-mail field; the answer is shown as sent by the
 * server.
 */
export function ForgotPasswordForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const invalid = validateEmail(email);
    if (invalid) {
      setOutcome({ kind: 'error', message: invalid });
      return;
    }
    setOutcome(null);
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: (response) => setOutcome({ kind: 'success', message: response.message }),
        onError: (failure) => setOutcome({ kind: 'error', message: forgotPasswordErrorMessage(failure) }),
      },
    );
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <EmailField id={`${id}-email`} value={email} onValueChange={setEmail} />

      <OutcomeAlert outcome={outcome} successTitle="Check your e-mail" />

      <SubmitButton pending={forgot.isPending} pendingText="Sending...">
        Send Reset Link
      </SubmitButton>

      <FormFooterLink prompt="Remembered it?" to={paths.auth.login.getHref()}>
        Back to sign in
      </FormFooterLink>
    </form>
  );
}
