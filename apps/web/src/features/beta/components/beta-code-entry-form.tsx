import { BetaRules, validateBetaCode, validateEmail } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { EmailField, SubmitButton } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { isBetaFullError, useVerifyBetaCode, verifyBetaCodeErrorMessage } from '../api/verify-beta-code';

export interface VerifiedBetaCode {
  email: string;
  userExists: boolean;
  message: string;
}

/**
 * E-mail and 8-digit beta code (docs/product.md#beta-code-pages). Both are checked with the shared rules before
 * anything is sent. A right code calls `onVerified`; a 403 (no seat left) calls `onBetaFull`.
 */
export function BetaCodeEntryForm({
  defaultEmail = '',
  onVerified,
  onBetaFull,
}: {
  defaultEmail?: string;
  onVerified: (result: VerifiedBetaCode) => void;
  onBetaFull: () => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyBetaCode();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    const input = { email: email.trim(), betaCode: code.trim() };
    const invalid = validateEmail(input.email) ?? validateBetaCode(input.betaCode);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    verify.mutate(input, {
      onSuccess: (response) =>
        onVerified({ email: input.email, userExists: response.userExists, message: response.message }),
      onError: (failure) => {
        if (isBetaFullError(failure)) {
          onBetaFull();
          return;
        }
        setError(verifyBetaCodeErrorMessage(failure));
      },
    });
  };

  const errorId = `${id}-error`;
  const codeHintId = `${id}-code-hint`;
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
      <EmailField id={`${id}-email`} value={email} onValueChange={setEmail} />
      <Field>
        <Label htmlFor={`${id}-code`}>Beta Code</Label>
        <Input
          id={`${id}-code`}
          name="betaCode"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={BetaRules.codeLength}
          placeholder="12345678"
          className="input--code"
          required
          aria-describedby={codeHintId}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <FieldHint id={codeHintId}>The {BetaRules.codeLength}-digit code from your beta e-mail.</FieldHint>
      </Field>

      {error ? (
        <Alert id={errorId} variant="error">
          {error}
        </Alert>
      ) : null}

      <SubmitButton pending={verify.isPending} pendingText="Verifying...">
        Verify Code
      </SubmitButton>
    </form>
  );
}
