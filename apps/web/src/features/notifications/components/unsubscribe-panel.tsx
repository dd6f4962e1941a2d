import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeErrorMessage, useUnsubscribe } from '../api/unsubscribe';

/**
 * `/unsubscribe?token=…`: what the link turns off, one button, then the server's answer. No sign-in needed (the
 * token names the recipient and the kind of e-mail).
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  if (!token) return <Alert variant="error">{UNSUBSCRIBE_LINK_INVALID}</Alert>;
  if (unsubscribe.isSuccess)
    return (
      <div className="stack">
        <Alert variant="success" icon={<CheckIcon size={16} />}>
          {unsubscribe.data.message}
        </Alert>
        <p className="muted">
          You can turn e-mails back on at any time in{' '}
          <Link to={paths.app.settings.getHref('notifications')}>Settings</Link>.
        </p>
      </div>
    );
  return (
    <div className="stack">
      <p>
        This stops the kind of e-mail this link came with. Other e-mails and the notifications you see in the app are
        not affected.
      </p>
      {unsubscribe.isError ? <Alert variant="error">{unsubscribeErrorMessage(unsubscribe.error)}</Alert> : null}
      <Button variant="primary" onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </div>
  );
}
