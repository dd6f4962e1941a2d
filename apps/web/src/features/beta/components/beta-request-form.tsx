import { BetaMessages, validateEmail } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { OutcomeAlert, type FormOutcome } from '@/components/ui/alert';
import { EmailField, FormFooterLink, SubmitButton } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { sendBetaCodeErrorMessage, useSendBetaCode } from '../api/send-beta-code';

/**
 * Request a beta code (docs/product.md#beta-code-pages): e-mail (required, the browser's e-mail check) and 'Request
 * Code' ('Requesting...' while busy). Success shows the green alert and clears the field; failure the error alert.
 */
export function BetaRequestForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<FormOutcome>(null);
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
      <EmailField id={`${id}-email`} value={email} onValueChange={setEmail} />

      <OutcomeAlert outcome={outcome} />

      <SubmitButton pending={send.isPending} pendingText="Requesting...">
        Request Code
      </SubmitButton>

      <FormFooterLink prompt="Already have a code?" to={paths.home.getHref()}>
        Enter it here
      </FormFooterLink>
    </form>
  );
}
