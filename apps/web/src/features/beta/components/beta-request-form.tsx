import { BetaMessages, validateEmail } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Field, Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { sendBetaCodeErrorMessage, useSendBetaCode } from '../api/send-beta-code';

type Outcome = { kind: 'success'; message: string } | { kind: 'error'; message: string } | null;

/**
 * Request a beta code (seed 000 §2, §4): e-mail (required, the browser's e-mail check) and 'Request Code'
 * ('Requesting...' while busy). Success shows the green alert and clears the field; failure the error alert.
 */
export function BetaRequestForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const send = useSendBetaCode();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    // The browser has checked the field (type="email", required); this covers browsers that do not.
    const invalid = validateEmail(email);
    if (invalid) {
      setOutcome({ kind: 'error', message: invalid });
      return;
    }
    setOutcome(null);
    send.mutate(
      { email: email.trim() },
      {
        onSuccess: (response) => {
          setOutcome({ kind: 'success', message: response.message || BetaMessages.requestReceived });
          setEmail('');
        },
        onError: (failure) => setOutcome({ kind: 'error', message: sendBetaCodeErrorMessage(failure) }),
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit}>
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
        <Alert variant="success" icon={<CheckIcon size={16} />}>
          {outcome.message}
        </Alert>
      ) : null}

      <Button type="submit" variant="primary" size="lg" className="form__submit" disabled={send.isPending}>
        {send.isPending ? 'Requesting...' : 'Request Code'}
      </Button>

      <p className="form__footer">
        Already have a code?{' '}
        <Link to={paths.home.getHref()} className="text-link">
          Enter it here
        </Link>
      </p>
    </form>
  );
}
