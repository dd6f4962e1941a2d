import { BrokerageMessages, type CatalogueBrokerage } from '@copytrade/contracts/rules';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LockIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { isProviderRegistered } from '@/lib/provider-registration';
import { useAccounts } from '@/lib/brokerage/get-accounts';
import { useConnections } from '../api/get-connections';
import { registrationErrorMessage, useRegisterProviderUser } from '../api/register-provider-user';
import { useConnectBrokerage } from '../hooks/use-connect-brokerage';
import { ActiveConnectionsCard } from './active-connections-card';
import { PopularBrokersCard, SupportedBrokersCard, type BrokerActions } from './broker-catalogue';
import { TradingAccountsCard } from './trading-accounts-card';
import '../brokerage.css';

export const BROKERAGE_TEXTS = {
  registered: 'SnapTrade Registered',
  notRegistered: 'Registration Required',
  register: 'Register with SnapTrade',
  registering: 'Registering...',
  promptText: 'Register with SnapTrade to connect a brokerage account and see your trading accounts here.',
  registeredToast: 'Registered with SnapTrade',
} as const;

/**
 * Settings → Brokerage (docs/product.md#settings): the provider registration (status pill and register button), the
 * catalogue ('Popular Brokers', 'All Supported Brokers') with the connect popup, 'Active Connections' and
 * 'Trading Accounts'. Until the user is registered the whole tab is blurred and inert, with a register prompt.
 */
export function BrokerageSettingsTab() {
  const headerTitleId = useId();
  const { user } = useSession();
  const userId = user?.id ?? '';
  const registered = isProviderRegistered(user);
  const connections = useConnections({ userId, enabled: Boolean(user) && registered });
  const accounts = useAccounts({ userId, enabled: Boolean(user) && registered });
  const register = useRegisterProviderUser();
  const { connect, connecting } = useConnectBrokerage({ userId, customRedirect: '/settings' });

  if (!user) return null;

  const onRegister = () =>
    register.mutate(
      { userId: user.id },
      {
        onSuccess: (response) => toast.success(response.message || BROKERAGE_TEXTS.registeredToast),
        onError: (error) => {
          console.error('SnapTrade registration failed', error);
          toast.error('Error', { description: registrationErrorMessage(error) });
        },
      },
    );

  const registerButton = (label: string) => (
    <Button variant="primary" size="sm" onClick={onRegister} disabled={register.isPending}>
      {register.isPending ? BROKERAGE_TEXTS.registering : label}
    </Button>
  );

  const actions: BrokerActions = {
    connections: connections.data?.connections ?? [],
    connecting,
    disabled: !registered,
    onConnect: (broker: CatalogueBrokerage) => void connect(broker.slug),
  };

  const content = (
    <div className="brokerage-grid">
      <PopularBrokersCard actions={actions} />
      <SupportedBrokersCard actions={actions} />
      <ActiveConnectionsCard query={connections} enabled={registered} />
      <TradingAccountsCard query={accounts} enabled={registered} />
    </div>
  );

  return (
    <div className="settings-stack">
      <Card aria-labelledby={headerTitleId}>
        <CardHeader className="brokerage-header">
          <div className="card__header-row">
            <div className="brokerage-header__title">
              <CardTitle id={headerTitleId}>Brokerage Connection</CardTitle>
              <Badge variant={registered ? 'success' : 'warning'} data-testid="snaptrade-status">
                {registered ? BROKERAGE_TEXTS.registered : BROKERAGE_TEXTS.notRegistered}
              </Badge>
            </div>
            {registered ? null : registerButton(BROKERAGE_TEXTS.register)}
          </div>
          <CardDescription>
            Link your brokerage through SnapTrade to see real portfolio data and copy trades into your own account.
          </CardDescription>
        </CardHeader>
      </Card>

      {registered ? (
        content
      ) : (
        <div className="brokerage-locked">
          <div className="brokerage-locked__content" inert aria-hidden="true" data-testid="brokerage-locked-content">
            {content}
          </div>
          <div className="brokerage-locked__prompt">
            <Card className="brokerage-prompt" aria-labelledby={`${headerTitleId}-prompt`}>
              <LockIcon size={22} className="brokerage-prompt__icon" />
              <h3 id={`${headerTitleId}-prompt`} className="brokerage-prompt__title">
                {BrokerageMessages.registrationRequired}
              </h3>
              <p className="brokerage-prompt__text">{BROKERAGE_TEXTS.promptText}</p>
              {registerButton('Register Now')}
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
