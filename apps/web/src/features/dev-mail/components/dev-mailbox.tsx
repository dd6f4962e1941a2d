import { Messages } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { MailIcon, RefreshIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useDevMail } from '../api/get-dev-mail';
import { MailText } from './mail-text';

const sentAtFormatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function formatSentAt(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : sentAtFormatter.format(date);
}

/**
 * The development mailbox: the e-mails (beta codes, reset links) the product kept instead of sending them,
 * newest first, for one address or for everyone. `address` is what is shown; `onAddressChange` sets it.
 */
export function DevMailbox({ address, onAddressChange }: { address: string; onAddressChange: (to: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(address);
  const mail = useDevMail(address);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === address) void mail.refetch();
    else onAddressChange(next);
  };

  let body;
  if (mail.isPending) {
    body = (
      <div className="mail-list" aria-busy="true">
        <span className="sr-only" role="status">
          Loading mail...
        </span>
        {[0, 1].map((row) => (
          <Card key={row}>
            <CardContent className="stack">
              <Skeleton width="40%" height={14} />
              <Skeleton width="100%" height={60} />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  } else if (mail.isError) {
    const notHere = isApiError(mail.error) && (mail.error.status === 404 || mail.error.status === 403);
    body = (
      <Alert variant="error" title={notHere ? 'Mailbox not available' : "Couldn't load the mailbox"}>
        <p>
          {notHere
            ? Messages.devMailboxOnly
            : (isApiError(mail.error) && mail.error.serverMessage) || 'Please try again.'}
        </p>
        {!notHere ? (
          <Button size="sm" variant="outline" onClick={() => void mail.refetch()}>
            Retry
          </Button>
        ) : null}
      </Alert>
    );
  } else if (mail.data.length === 0) {
    body = (
      <div className="empty-state">
        <MailIcon size={22} className="empty-state__icon" />
        <p className="empty-state__title">No mail yet</p>
        <p className="empty-state__text">
          {address ? `Nothing has been sent to ${address}.` : 'Nothing has been sent yet.'}
        </p>
      </div>
    );
  } else {
    body = (
      <ol className="mail-list" aria-label="Mail, newest first">
        {mail.data.map((item, index) => (
          <li key={`${item.sentAt}-${index}`}>
            <article className="mail card" aria-labelledby={`${id}-mail-${index}`}>
              <header className="mail__header">
                <h2 id={`${id}-mail-${index}`} className="mail__subject">
                  {item.subject}
                </h2>
                <p className="mail__meta">
                  To <span className="mono">{item.to}</span> ·{' '}
                  <time dateTime={item.sentAt}>{formatSentAt(item.sentAt)}</time>
                </p>
              </header>
              <MailText text={item.text} />
            </article>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="stack stack--lg">
      <form className="mail-search" onSubmit={onSubmit} role="search" aria-label="Mailbox address">
        <Field className="mail-search__field">
          <Label htmlFor={`${id}-to`}>Address</Label>
          <Input
            id={`${id}-to`}
            name="to"
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="you@example.com"
            aria-describedby={`${id}-to-hint`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <FieldHint id={`${id}-to-hint`}>Leave empty to see the latest mail to everyone.</FieldHint>
        </Field>
        <Button type="submit" variant="primary">
          Show Mail
        </Button>
        <Button
          variant="outline"
          onClick={() => void mail.refetch()}
          disabled={mail.isFetching}
          aria-label="Refresh mailbox"
        >
          <RefreshIcon size={14} />
          {mail.isFetching && !mail.isPending ? 'Refreshing...' : 'Refresh'}
        </Button>
      </form>
      {body}
    </div>
  );
}
