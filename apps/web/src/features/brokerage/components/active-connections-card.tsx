import type { BrokerageConnectionView } from '@copytrade/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { LinkIcon, RefreshIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import type { Connections } from '../api/get-connections';
import { isConnectionHealthy } from '../utils/broker-connection';
import { formatDate } from '../utils/format-date';

function ConnectionRow({ connection }: { connection: BrokerageConnectionView }) {
  const healthy = isConnectionHealthy(connection);
  const brokerName = connection.brokerage?.display_name || connection.brokerage?.name || connection.name;
  return (
    <li className="connection-row">
      <Avatar src={connection.brokerage?.aws_s3_logo_url} name={brokerName} size={32} />
      <div className="connection-row__text">
        <span className="connection-row__name">{brokerName}</span>
        <span className="connection-row__meta">
          {connection.type === 'trade' ? 'Trading access' : 'Read-only access'}
          {connection.created_date ? ` · Connected ${formatDate(connection.created_date)}` : ''}
          {!healthy && connection.disabled_date ? ` · Disabled ${formatDate(connection.disabled_date)}` : ''}
        </span>
        {!healthy && connection.detail ? <span className="connection-row__detail">{connection.detail}</span> : null}
      </div>
      <span
        className={healthy ? 'connection-status connection-status--ok' : 'connection-status connection-status--bad'}
      >
        <span className="connection-status__dot" aria-hidden="true" />
        {connection.status}
      </span>
    </li>
  );
}

/**
 * 'Active Connections' (docs/product.md#settings): each connection with its status, CONNECTED green and anything else
 * red.
 */
export function ActiveConnectionsCard({ query, enabled }: { query: UseQueryResult<Connections>; enabled: boolean }) {
  const titleId = useId();
  const connections = query.data?.connections ?? [];

  let body;
  if (enabled && query.isPending) {
    body = (
      <LoadingRows
        label="Loading connections..."
        row={
          <>
            <Skeleton circle width={32} height={32} />
            <Skeleton width="50%" height={12} />
          </>
        }
      />
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Couldn&apos;t load your connections.
      </LoadError>
    );
  } else if (connections.length === 0) {
    body = (
      <div className="empty-state">
        <LinkIcon size={22} className="empty-state__icon" />
        <p className="empty-state__title">No active connections</p>
        <p className="empty-state__text">Connect a brokerage above to link its trading accounts.</p>
      </div>
    );
  } else {
    body = (
      <ul className="connection-list" aria-labelledby={titleId}>
        {connections.map((connection) => (
          <ConnectionRow key={connection.id} connection={connection} />
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div className="card__header-row">
          <CardTitle id={titleId} as="h3">
            Active Connections
          </CardTitle>
          {enabled ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Refresh connections"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <RefreshIcon size={14} />
            </Button>
          ) : null}
        </div>
        <CardDescription>Brokerage logins linked to your account through SnapTrade.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
