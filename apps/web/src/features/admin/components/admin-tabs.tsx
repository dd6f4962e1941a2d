import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TracesTab } from './traces/traces-tab';
import '../admin.css';

/** Seed 001 §2.10: the panel's nine tabs, in the seed's order. */
export const ADMIN_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'statistics', label: 'Statistics' },
  { value: 'traces', label: 'Traces' },
  { value: 'trades', label: 'Trades' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'all-connections', label: 'All Connections' },
  { value: 'snaptrade-users', label: 'SnapTrade Users' },
  { value: 'user-details', label: 'User Details' },
  { value: 'dev', label: 'Dev Only' },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** Traces is the one tab built so far, so it is the one shown first. */
const DEFAULT_TAB: AdminTab = 'traces';
const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab.value === value);

/**
 * The admin panel's tab bar (`?tab=` selects one; Traces by default). On a phone the bar scrolls inside its
 * own box, never the page. Tabs not built yet say so.
 */
export function AdminTabs({ userId }: { userId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : DEFAULT_TAB;

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
    <Tabs value={tab} onValueChange={select} className="admin-tabs">
      <TabsList label="Admin sections" className="admin-tabs__list">
        {ADMIN_TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {ADMIN_TABS.map(({ value, label }) => (
        <TabsContent key={value} value={value}>
          {value === 'traces' ? <TracesTab userId={userId} /> : <TabNotBuilt title={label} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function TabNotBuilt({ title }: { title: string }) {
  return (
    <div className="admin-tab-placeholder">
      <h2 className="admin-tab-placeholder__title">{title}</h2>
      <p className="muted">This tab is not built yet.</p>
    </div>
  );
}
