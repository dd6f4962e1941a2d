import type { UserView } from '@copytrade/contracts';
import { useEffect, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { ExternalLinkIcon, LinkIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format/money';
import { useOwnerConnectionPortal } from '../api/create-connection-portal';
import { useIntegration } from '../api/get-integration';

/**
 * Integration (docs/product.md#owner-settings): whether the owner has a provider connection, the connections (CONNECTED
 * is good) and the accounts; Connect opens the provider's portal in a new tab.
 */
export function IntegrationSettings({ traceId, user }: { traceId: string; user: UserView }) {
  const titleId = useId();
  const connectionsId = useId();
  const accountsId = useId();
  const query = useIntegration(traceId);
  const portal = useOwnerConnectionPortal();

  useEffect(() => {
    if (query.isError) toast.error('Failed to fetch integration data');
  }, [query.isError]);

  const connect = () =>
    portal.mutate(
      { userId: user.id, customRedirect: paths.app.traceDashboard.getHref(traceId) },
      {
        onSuccess: (url) => {
          window.open(url, '_blank', 'noopener,noreferrer');
        },
        onError: (error) =>
          isApiError(error)
            ? toast.error('Failed to generate connection URL', { description: error.serverMessage })
            : toast.error('Failed to connect to SnapTrade'),
      },
    );

  const integration = query.data;
  const connectButton = (
    <Button size="sm" variant="primary" onClick={connect} disabled={portal.isPending}>
      <ExternalLinkIcon size={14} />
      {portal.isPending ? 'Opening...' : integration?.hasSnaptradeConnection ? 'Connect Another' : 'Connect Brokerage'}
    </Button>
  );

  return (
    <div className="owner-settings">
      <TitledCard
        titleId={titleId}
        title="Brokerage Integration"
        titleAs="h2"
        description="Your trades come from your linked brokerage account."
        action={connectButton}
      >
        {query.isPending ? (
          <LoadingRows label="Loading integration..." count={2} />
        ) : query.isError ? (
          <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
            Failed to fetch integration data
          </LoadError>
        ) : (
          <p className="owner-integration__status">
            <LinkIcon size={14} />
            {integration!.hasSnaptradeConnection ? (
              <Badge variant="success">Connected</Badge>
            ) : (
              <Badge variant="warning">Not connected</Badge>
            )}
            {integration!.snaptradeUserId ? null : <span className="muted">Not registered with the provider yet.</span>}
          </p>
        )}
      </TitledCard>
      {integration ? (
        <>
          <TitledCard titleId={connectionsId} title="Connections" titleAs="h3">
            {integration.connections.length === 0 ? (
              <p className="muted">No brokerage connections yet.</p>
            ) : (
              <ul className="owner-list">
                {integration.connections.map((connection) => (
                  <li key={connection.id} className="owner-list__item">
                    <div className="owner-list__text">
                      <span className="owner-list__name">
                        {connection.brokerage.display_name || connection.brokerage.name || connection.name}
                      </span>
                      <span className="owner-list__meta">{connection.type === 'trade' ? 'Trading' : 'Read only'}</span>
                    </div>
                    <Badge variant={connection.status === 'CONNECTED' ? 'success' : 'danger'}>
                      {connection.status}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </TitledCard>
          <TitledCard titleId={accountsId} title="Accounts" titleAs="h3">
            {integration.accounts.length === 0 ? (
              <p className="muted">No trading accounts yet.</p>
            ) : (
              <ul className="owner-list">
                {integration.accounts.map((account) => (
                  <li key={account.id} className="owner-list__item">
                    <div className="owner-list__text">
                      <span className="owner-list__name">{account.name}</span>
                      <span className="owner-list__meta">
                        {account.is_paper ? 'Paper' : 'Brokerage'} · {account.number} · {account.institution_name}
                      </span>
                    </div>
                    <span className="tabular owner-list__figure">
                      {formatUsd(account.balance.total?.amount ?? null)}{' '}
                      <span className="muted">{account.balance.total?.currency ?? ''}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </TitledCard>
        </>
      ) : null}
    </div>
  );
}
