import { BrokerageMessages } from '@copytrade/contracts/rules';
import type { PaperPortalSessionView } from '@copytrade/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertIcon, CheckIcon, ClockIcon, ExternalLinkIcon, LockIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format/money';
import { useConnectPortalSession } from '../api/connect-portal-session';
import { usePortalSession } from '../api/get-portal-session';
import '../paper-broker.css';

export const PORTAL_TEXTS = {
  expiredTitle: 'Link expired',
  invalidTitle: 'Invalid link',
  signInTitle: 'Sign in required',
  signInText: 'Sign in to CopyTrade in this browser, then start the connection again from Settings → Brokerage.',
  connectedTitle: 'Connected',
  alreadyConnected: 'This brokerage is connected. You can close this window.',
  failed: "Couldn't load this connection.",
  connectFailed: 'The connection could not be created. Please try again.',
} as const;

const expiresFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Is this page the popup the product opened (then it closes itself), or a tab of its own? */
const isPopup = (): boolean => {
  try {
    return Boolean(window.opener) && window.opener !== window;
  } catch {
    return false;
  }
};

function PortalMessage({
  icon,
  title,
  children,
  tone = 'muted',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  tone?: 'muted' | 'error' | 'success';
}) {
  return (
    <div className={`portal-message portal-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="portal-message__icon">{icon}</span>
      <h2 className="portal-message__title">{title}</h2>
      <div className="portal-message__text">{children}</div>
    </div>
  );
}

/**
 * The paper broker's connection portal (it stands in for the provider's portal; `connectionUrl` points here).
 * It shows the brokerage and the accounts the connection opens; 'Connect' creates the connection, then the
 * page closes itself when it is the product's popup, or goes to the portal's redirect otherwise.
 */
export function PaperPortal({ sessionId }: { sessionId: string }) {
  const titleId = useId();
  const navigate = useNavigate();
  const session = usePortalSession(sessionId);
  const connect = useConnectPortalSession();
  const [done, setDone] = useState(false);

  const leave = (redirectUrl: string | null) => {
    if (isPopup()) {
      window.close();
      return;
    }
    const target = redirectUrl ? new URL(redirectUrl, window.location.origin) : null;
    if (!target) navigate(paths.app.settings.getHref('brokerage'));
    else if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}`);
    else window.location.assign(target.toString());
  };

  const onConnect = () =>
    connect.mutate(sessionId, {
      onSuccess: (response) => {
        setDone(true);
        leave(response.redirectUrl);
      },
    });

  const closeOrBack = (label = 'Close Window') =>
    isPopup() ? (
      <Button variant="outline" onClick={() => window.close()}>
        {label}
      </Button>
    ) : (
      <Link to={paths.app.settings.getHref('brokerage')} className={buttonClassName({ variant: 'outline' })}>
        Back to Settings
      </Link>
    );

  let content: ReactNode;
  const connectError = connect.error;
  const expired = session.data?.status === 'EXPIRED' || (isApiError(connectError) && connectError.status === 410);

  if (session.isPending) {
    content = (
      <div className="portal-loading">
        <Spinner label="Loading connection details" />
        <span className="muted">Loading connection details...</span>
      </div>
    );
  } else if (session.isError) {
    const error = session.error;
    if (isApiError(error) && error.status === 401) {
      content = (
        <PortalMessage icon={<LockIcon size={24} />} title={PORTAL_TEXTS.signInTitle} tone="error">
          <p>{PORTAL_TEXTS.signInText}</p>
          <Link to={paths.auth.login.getHref()} className={buttonClassName({ variant: 'primary' })}>
            Sign In
          </Link>
        </PortalMessage>
      );
    } else if (isApiError(error) && (error.status === 404 || error.status === 403)) {
      content = (
        <PortalMessage icon={<AlertIcon size={24} />} title={PORTAL_TEXTS.invalidTitle} tone="error">
          <p>
            {error.status === 404
              ? BrokerageMessages.portalSessionNotFound
              : (error.serverMessage ?? BrokerageMessages.ownDataOnly)}
          </p>
          {closeOrBack()}
        </PortalMessage>
      );
    } else {
      content = (
        <PortalMessage icon={<AlertIcon size={24} />} title={PORTAL_TEXTS.failed} tone="error">
          <p>{(isApiError(error) && error.serverMessage) || 'Please try again.'}</p>
          <Button variant="outline" onClick={() => void session.refetch()}>
            Retry
          </Button>
        </PortalMessage>
      );
    }
  } else if (expired) {
    content = (
      <PortalMessage icon={<ClockIcon size={24} />} title={PORTAL_TEXTS.expiredTitle} tone="error">
        <p>{BrokerageMessages.portalSessionExpired}</p>
        {closeOrBack()}
      </PortalMessage>
    );
  } else if (done || session.data.status === 'CONNECTED') {
    content = (
      <PortalMessage icon={<CheckIcon size={24} />} title={PORTAL_TEXTS.connectedTitle} tone="success">
        <p>{PORTAL_TEXTS.alreadyConnected}</p>
        {isPopup() ? (
          <Button variant="outline" onClick={() => window.close()}>
            Close Window
          </Button>
        ) : (
          <Button variant="primary" onClick={() => leave(session.data.redirectUrl)}>
            Continue
          </Button>
        )}
      </PortalMessage>
    );
  } else {
    content = (
      <PendingConnection
        session={session.data}
        titleId={titleId}
        onConnect={onConnect}
        connecting={connect.isPending}
        error={connectError}
        onCancel={closeOrBack('Cancel')}
      />
    );
  }

  return (
    <div className="portal">
      <Card className="portal__card" aria-labelledby={titleId}>
        <CardHeader className="portal__header">
          <p className="portal__eyebrow">
            <LockIcon size={12} /> Secure connection · Paper broker
          </p>
          <CardTitle id={titleId} as="h1">
            Connect your brokerage
          </CardTitle>
          <CardDescription>CopyTrade is asking to link your brokerage account.</CardDescription>
        </CardHeader>
        <CardContent>{content}</CardContent>
        <CardFooter className="portal__footer">
          <a
            href={paths.paper.trade.getHref()}
            target="_blank"
            rel="noopener noreferrer"
            className="text-link portal__trade-link"
          >
            Open the paper trading page <ExternalLinkIcon size={12} />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </CardFooter>
      </Card>
    </div>
  );
}

function PendingConnection({
  session,
  titleId,
  onConnect,
  connecting,
  error,
  onCancel,
}: {
  session: PaperPortalSessionView;
  titleId: string;
  onConnect: () => void;
  connecting: boolean;
  error: unknown;
  onCancel: ReactNode;
}) {
  const { brokerage } = session;
  const brokerName = brokerage.display_name || brokerage.name;
  const accountsId = `${titleId}-accounts`;
  return (
    <div className="stack stack--lg">
      <div className="portal-brokerage">
        <Avatar src={brokerage.aws_s3_logo_url} name={brokerName} size={44} />
        <div className="portal-brokerage__text">
          <p className="portal-brokerage__name" data-testid="portal-brokerage">
            {brokerName}
          </p>
          <p className="muted small">{brokerage.description}</p>
        </div>
        <Badge variant={session.connectionType === 'trade' ? 'new' : 'default'}>
          {session.connectionType === 'trade' ? 'Trading access' : 'Read-only access'}
        </Badge>
      </div>

      <section aria-labelledby={accountsId} className="portal-accounts">
        <h2 id={accountsId} className="portal-accounts__title">
          Accounts that will be created
        </h2>
        <ul className="portal-accounts__list" aria-labelledby={accountsId}>
          {session.accounts.map((account) => (
            <li key={account.name} className="portal-accounts__item">
              <span>{account.name}</span>
              <span className="mono">{formatUsd(account.startingCash)} starting cash</span>
            </li>
          ))}
        </ul>
      </section>

      <p className="muted small">
        <ClockIcon size={12} /> This link expires at {expiresFormat.format(new Date(session.expiresAt))}.
      </p>

      {error ? (
        <Alert variant="error" title="Connection failed">
          {(isApiError(error) && error.serverMessage) || PORTAL_TEXTS.connectFailed}
        </Alert>
      ) : null}

      <div className="portal__actions">
        {onCancel}
        <Button variant="primary" size="lg" onClick={onConnect} disabled={connecting}>
          {connecting ? 'Connecting...' : 'Connect'}
        </Button>
      </div>
    </div>
  );
}
