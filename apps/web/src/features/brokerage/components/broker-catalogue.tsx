import { BROKERAGE_CATALOGUE, type CatalogueBrokerage } from '@copytrade/contracts/rules';
import type { BrokerageConnectionView } from '@copytrade/contracts';
import { useId } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { connectionForBroker, isConnectionHealthy } from '../utils/broker-connection';

export interface BrokerActions {
  connections: readonly BrokerageConnectionView[];
  /** True while the connect popup is open: every connect button reads 'Connecting...' and is disabled. */
  connecting: boolean;
  /** Disabled while not registered with the provider (the tab is blurred then anyway). */
  disabled: boolean;
  onConnect: (broker: CatalogueBrokerage) => void;
}

function BrokerRow({ broker, actions }: { broker: CatalogueBrokerage; actions: BrokerActions }) {
  const nameId = useId();
  const connection = connectionForBroker(broker.slug, actions.connections);
  const healthy = connection ? isConnectionHealthy(connection) : false;

  let status;
  let action = null;
  if (!broker.available) {
    status = <Badge variant="muted">Coming Soon</Badge>;
  } else if (connection) {
    status = <Badge variant={healthy ? 'success' : 'danger'}>{healthy ? 'Connected' : 'Disabled'}</Badge>;
  } else {
    status = <Badge variant="new">Available</Badge>;
  }
  if (broker.available && (!connection || !healthy)) {
    action = (
      <Button
        size="sm"
        variant="primary"
        onClick={() => actions.onConnect(broker)}
        disabled={actions.connecting || actions.disabled}
        aria-describedby={nameId}
      >
        {actions.connecting ? 'Connecting...' : connection ? 'Reconnect' : 'Connect'}
      </Button>
    );
  }

  return (
    <li className="broker-row" data-slug={broker.slug}>
      <Avatar name={broker.name} size={28} />
      <span className="broker-row__text">
        <span id={nameId} className="broker-row__name">
          {broker.name}
        </span>
        <span className="broker-row__slug mono">{broker.slug}</span>
      </span>
      <span className="broker-row__status">{status}</span>
      {action ? <span className="broker-row__action">{action}</span> : null}
    </li>
  );
}

function BrokerListCard({
  title,
  description,
  brokers,
  actions,
}: {
  title: string;
  description: string;
  brokers: readonly CatalogueBrokerage[];
  actions: BrokerActions;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h3">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="broker-list" aria-labelledby={titleId}>
          {brokers.map((broker) => (
            <BrokerRow key={broker.slug} broker={broker} actions={actions} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** 'Popular Brokers' (docs/product.md#settings): the popular ones of the fixed catalogue. */
export function PopularBrokersCard({ actions }: { actions: BrokerActions }) {
  return (
    <BrokerListCard
      title="Popular Brokers"
      description="The brokerages most of our traders use."
      brokers={BROKERAGE_CATALOGUE.filter((broker) => broker.popular)}
      actions={actions}
    />
  );
}

/**
 * 'All Supported Brokers': the whole catalogue, one available and four coming soon
 * (docs/product.md#entities-and-fields).
 */
export function SupportedBrokersCard({ actions }: { actions: BrokerActions }) {
  return (
    <BrokerListCard
      title="All Supported Brokers"
      description="Every brokerage you can link through SnapTrade. More are coming soon."
      brokers={BROKERAGE_CATALOGUE}
      actions={actions}
    />
  );
}
