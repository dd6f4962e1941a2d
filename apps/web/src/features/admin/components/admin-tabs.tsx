import { lazy, Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AdminTabProps } from './admin-tab-props';
import '../admin.css';

/** Each tab is its own chunk, loaded when first opened, so the panel's route stays small. */
const tab = <K extends string>(load: () => Promise<Record<K, ComponentType<AdminTabProps>>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** The panel's nine tabs in their documented order (docs/product.md#admin-panel), then the Audit Log tab. */
export const ADMIN_TABS = [
  { value: 'users', label: 'Users', Content: tab(() => import('./tabs/users-tab'), 'UsersTab') },
  { value: 'statistics', label: 'Statistics', Content: tab(() => import('./tabs/statistics-tab'), 'StatisticsTab') },
  { value: 'traces', label: 'Traces', Content: tab(() => import('./traces/traces-tab'), 'TracesTab') },
  { value: 'trades', label: 'Trades', Content: tab(() => import('./tabs/trades-tab'), 'TradesTab') },
  { value: 'feedback', label: 'Feedback', Content: tab(() => import('./tabs/feedback-tab'), 'FeedbackTab') },
  {
    value: 'all-connections',
    label: 'All Connections',
    Content: tab(() => import('./tabs/all-connections-tab'), 'AllConnectionsTab'),
  },
  {
    value: 'snaptrade-users',
    label: 'SnapTrade Users',
    Content: tab(() => import('./tabs/snaptrade-users-tab'), 'SnapTradeUsersTab'),
  },
  {
    value: 'user-details',
    label: 'User Details',
    Content: tab(() => import('./tabs/user-details-tab'), 'UserDetailsTab'),
  },
  { value: 'dev', label: 'Dev Only', Content: tab(() => import('./tabs/dev-tab'), 'DevTab') },
  { value: 'audit-log', label: 'Audit Log', Content: tab(() => import('./tabs/audit-log-tab'), 'AuditLogTab') },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** The panel opens on the first tab of its order, Users. */
const DEFAULT_TAB: AdminTab = 'users';
const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((entry) => entry.value === value);

/**
 * The admin panel's tab bar (`?tab=` selects one; Users by default). On a phone the bar scrolls inside its
 * own box, never the page. Only the selected tab's content is rendered (and loaded).
 */
export function AdminTabs({ userId, copyTradeDialog }: AdminTabProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const selected: AdminTab = isTab(requested) ? requested : DEFAULT_TAB;

  const select = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_TAB) params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <Tabs value={selected} onValueChange={select} className="admin-tabs">
      <TabsList label="Admin sections" className="admin-tabs__list">
        {ADMIN_TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {ADMIN_TABS.map(({ value, Content }) => (
        <TabsContent key={value} value={value}>
          {value === selected ? (
            <Suspense fallback={<Skeleton width="100%" height={240} />}>
              <Content userId={userId} copyTradeDialog={copyTradeDialog} />
            </Suspense>
          ) : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
