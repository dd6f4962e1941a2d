import { validateEmail } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Field, Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { forgotPasswordErrorMessage, useForgotPassword } from '../api/forgot-password';

type Outcome = { kind: 'success' | 'error'; message: string } | null;

/** Forgot password (seed 000 §2, §5, §8): one e-mail field; the answer is shown as sent by the server. */
export function ForgotPasswordForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
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
      <Field>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>

      {outcome?.kind === 'error' ? <Alert variant="error">{outcome.message}</Alert> : null}
      {outcome?.kind === 'success' ? (
        <Alert variant="success" icon={<CheckIcon size={16} />} title="Check your e-mail">
          {outcome.message}
        </Alert>
      ) : null}

      <Button type="submit" variant="primary" size="lg" className="form__submit" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>

      <p className="form__footer">
        Remembered it?{' '}
        <Link to={paths.auth.login.getHref()} className="text-link">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
