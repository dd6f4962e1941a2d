import { Messages, PasswordRules, validateNewPassword } from '@copytrade/contracts/rules';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, SuccessAlert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/form';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { resetPasswordErrorMessage, useResetPassword } from '../api/reset-password';
import { PasswordChecklist } from './password-checklist';

/**
 * After a successful reset the page goes to sign in after 3 seconds (see docs/product.md#sign-in-and-password-reset).
 */
export const RESET_REDIRECT_DELAY_MS = 3000;

type Outcome = { kind: 'success'; message: string } | { kind: 'error'; message: string; tokenRejected: boolean } | null;

/**
 * Reset password (docs/product.md#sign-in-and-password-reset): new password and confirmation with the live rule
 * checklist. Without a token only the error and a link to request a new reset show.
 */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reset = useResetPassword();

  const succeeded = outcome?.kind === 'success' ? outcome.message : null;
  useEffect(() => {
    if (succeeded === null) return;
    const timer = setTimeout(() => onDone(succeeded), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onDone]);

  if (!token.trim()) {
    return (
      <div className="form">
        <Alert variant="error">{Messages.resetTokenMissing}</Alert>
        <Link to={paths.auth.forgotPassword.getHref()} className="text-link form__footer">
          Request a new password reset
        </Link>
      </div>
    );
  }

  if (outcome?.kind === 'success') {
    return (
      <div className="form">
        <SuccessAlert title="Password reset">{outcome.message}</SuccessAlert>
        <p className="muted small" role="status">
          Redirecting to sign in in 3 seconds...
        </p>
        <Link to={paths.auth.login.getHref()} className="text-link form__footer">
          Go to sign in now
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const invalid = validateNewPassword(password, confirmation);
    if (invalid) {
      setOutcome({ kind: 'error', message: invalid, tokenRejected: false });
      return;
    }
    setOutcome(null);
    reset.mutate(
      { token: token.trim(), newPassword: password, confirmPassword: confirmation },
      {
        onSuccess: (response) =>
          setOutcome({ kind: 'success', message: response.message || Messages.passwordResetDone }),
        onError: (failure) =>
          setOutcome({
            kind: 'error',
            message: resetPasswordErrorMessage(failure),
            tokenRejected: isApiError(failure) && failure.code === 'RESET_TOKEN_INVALID',
          }),
      },
    );
  };

  const mismatch = confirmation !== '' && password !== confirmation;
  const checklistId = `${id}-rules`;
  const mismatchId = `${id}-mismatch`;
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <Field>
        <Label htmlFor={`${id}-password`}>New Password</Label>
        <PasswordInput
          id={`${id}-password`}
          name="newPassword"
          autoComplete="new-password"
          required
          aria-describedby={checklistId}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordChecklist id={checklistId} password={password} />
      </Field>
      <Field>
        <Label htmlFor={`${id}-confirm`}>Confirm Password</Label>
        <PasswordInput
          id={`${id}-confirm`}
          name="confirmPassword"
          toggleLabel="confirm password"
          autoComplete="new-password"
          required
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? mismatchId : undefined}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {mismatch ? (
          <FieldHint id={mismatchId} tone="error">
            {PasswordRules.mismatchMessage}
          </FieldHint>
        ) : null}
      </Field>

      {outcome?.kind === 'error' ? (
        <Alert variant="error">
          {outcome.message}
          {outcome.tokenRejected ? (
            <>
              {' '}
              <Link to={paths.auth.forgotPassword.getHref()} className="text-link">
                Request a new password reset
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}

      <SubmitButton pending={reset.isPending} pendingText="Resetting...">
        Reset Password
      </SubmitButton>
    </form>
  );
}
