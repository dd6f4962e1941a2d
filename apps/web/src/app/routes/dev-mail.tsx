import { useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Badge } from '@/components/ui/badge';
import { DevMailbox } from '@/features/dev-mail/components/dev-mailbox';

/**
 * `/dev/mail?to=…` (development only): read beta codes and password reset links without SMTP. The server
 * answers only outside production; in production the page says the mailbox does not exist.
 */
export function DevMailRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = (searchParams.get('to') ?? '').trim();
  return (
    <PublicLayout title="Dev Mailbox">
      <div className="page page--wide-public">
        <header className="page__header">
          <div className="card__header-row card__header-row--start">
            <h1 className="page__title">Dev Mailbox</h1>
            <Badge variant="warning">Development only</Badge>
          </div>
          <p className="page__note">E-mails the product kept instead of sending them (no SMTP), newest first.</p>
        </header>
        <DevMailbox
          key={address}
          address={address}
          onAddressChange={(to) => setSearchParams(to ? { to } : {}, { replace: false })}
        />
      </div>
    </PublicLayout>
  );
}
