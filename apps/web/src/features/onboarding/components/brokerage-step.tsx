import { AVAILABLE_BROKERAGE, BrokerageMessages } from '@copytrade/contracts/rules';
import type { BrokerageConnectionView } from '@copytrade/contracts';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { StepHeading } from './step-heading';

/**
 * The brokerage connect flow the wizard's last step uses. It belongs to the brokerage feature (the same popup
 * as Settings → Brokerage, returning to the dashboard): the route passes it in.
 */
export interface OnboardingBrokerage {
  /** The user's connection to the available brokerage, if any (an enabled one first). */
  connection: BrokerageConnectionView | undefined;
  /** The connections are being read for the first time. */
  loading: boolean;
  /** The connect popup is open: the button reads 'Connecting...'. */
  connecting: boolean;
  connect: (brokerSlug: string) => void;
}

export const REGISTRATION_LATER = 'You can finish setting up SnapTrade later from Settings → Brokerage.';

const connectedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
function formatConnectedOn(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : connectedOn.format(date);
}

function ConnectionState({ connection }: { connection: BrokerageConnectionView }) {
  const healthy = connection.status === 'CONNECTED';
  const date = formatConnectedOn(connection.created_date);
  return (
    <dl className="onboarding-connection">
      <div>
        <dt className="sr-only">Connection</dt>
        <dd>
          <Badge variant="success">Connected</Badge>
        </dd>
      </div>
      {date ? (
        <div>
          <dt>Connected on</dt>
          <dd className="tabular">{date}</dd>
        </div>
      ) : null}
      <div>
        <dt>Status</dt>
        <dd className={cn('mono', healthy ? 'gain' : 'loss')}>{connection.status}</dd>
      </div>
    </dl>
  );
}

/**
 * Step 4 (optional): a card for the one available brokerage with its connect button, or its 'Connected' state
 * with date and status; without a provider registration, the 'SnapTrade Registration Required' notice.
 */
export function BrokerageStep({ registered, brokerage }: { registered: boolean; brokerage: OnboardingBrokerage }) {
  const nameId = useId();
  const broker = AVAILABLE_BROKERAGE;
  const { connection } = brokerage;
  const needsConnect = !connection || connection.status !== 'CONNECTED';

  return (
    <div className="onboarding-step">
      <StepHeading description="Link your brokerage through SnapTrade to copy trades into your own account. This step is optional.">
        Connect Your Brokerage
      </StepHeading>

      {registered ? null : (
        <Alert variant="warning" icon={<AlertIcon size={16} />} title={BrokerageMessages.registrationRequired}>
          {REGISTRATION_LATER}
        </Alert>
      )}

      <section className="card onboarding-broker" aria-labelledby={nameId} data-slug={broker.slug}>
        <div className="onboarding-broker__head">
          <Avatar name={broker.name} size={40} />
          <div className="onboarding-broker__identity">
            <h2 id={nameId} className="onboarding-broker__name">
              {broker.name}
            </h2>
            <p className="onboarding-broker__slug mono">{broker.slug}</p>
          </div>
          {connection ? null : <Badge variant="new">Available</Badge>}
        </div>
        {connection ? <ConnectionState connection={connection} /> : null}
        {registered && brokerage.loading ? (
          <p className="muted small" role="status">
            Checking your connections...
          </p>
        ) : needsConnect ? (
          <Button
            variant="primary"
            onClick={() => brokerage.connect(broker.slug)}
            disabled={!registered || brokerage.connecting}
            aria-describedby={nameId}
            className="onboarding-broker__connect"
          >
            {brokerage.connecting ? 'Connecting...' : connection ? 'Reconnect' : 'Connect'}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
