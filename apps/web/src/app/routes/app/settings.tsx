import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BrokerageSettingsTab } from '@/features/brokerage/components/brokerage-settings-tab';
import { CopyGuardsSettings } from '@/features/copy-guards/components/copy-guards-settings';
import { AccountSettingsTab } from '@/features/settings/components/account-settings-tab';
import { NotificationSettingsTab } from '@/features/settings/components/notification-settings-tab';
import { useSession } from '@/lib/auth';

const TABS = ['account', 'brokerage', 'notifications'] as const;
type SettingsTab = (typeof TABS)[number];

const isTab = (value: string | null): value is SettingsTab => (TABS as readonly string[]).includes(value ?? '');

/** `/settings` (docs/product.md#settings): the Account, Brokerage and Notifications tabs; `?tab=` selects one. */
export function SettingsRoute() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isTab(requested) ? requested : 'account';

  const select = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'account') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  if (!user) return null;
  return (
    <div className="page page--settings">
      <title>Settings · CopyTrade</title>
      <header className="page__header">
        <h1 className="page__title">Settings</h1>
        <p className="page__note">Manage your account, brokerage link and notifications.</p>
      </header>
      <Tabs value={tab} onValueChange={select}>
        <TabsList label="Settings sections">
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="brokerage">Brokerage</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <AccountSettingsTab
            user={user}
            onOpenBrokerage={() => select('brokerage')}
            copyGuards={<CopyGuardsSettings />}
          />
        </TabsContent>
        <TabsContent value="brokerage">
          <BrokerageSettingsTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationSettingsTab userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
