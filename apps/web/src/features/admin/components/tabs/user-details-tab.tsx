import type { AdminUserView } from '@copytrade/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AdminTabProps } from '../admin-tab-props';
import { AdminSection } from '../common/admin-section';
import { EmptyState } from '../common/query-view';
import { UserConnections } from '../user-details/user-connections';
import { UserHoldings } from '../user-details/user-holdings';
import { UserInfo } from '../user-details/user-info';
import { UserPicker } from '../user-details/user-picker';

/** What the Users tab's Details button hands over (router state). */
export interface UserDetailsState {
  adminUser?: AdminUserView;
}

type Section = 'info' | 'connections' | 'holdings';

/**
 * User Details (docs/product.md#admin-panel): 'Select a user to view details' until one is picked (here, or with
 * Details on the Users tab); then Info, Connections and Holdings, with the brokerage removals behind confirmations.
 */
export function UserDetailsTab({ userId }: AdminTabProps) {
  const location = useLocation();
  const [selected, setSelected] = useState<AdminUserView | null>(
    (location.state as UserDetailsState | null)?.adminUser ?? null,
  );
  const [section, setSection] = useState<Section>('info');

  return (
    <AdminSection
      title="User Details"
      description="One user's account, brokerage connections and holdings."
      actions={
        selected ? (
          <Button size="sm" variant="outline" onClick={() => setSelected(null)}>
            Choose another user
          </Button>
        ) : null
      }
    >
      {selected ? (
        <>
          <h3 className="admin-subtitle">
            {selected.username} <span className="muted small">{selected.email}</span>
          </h3>
          <Tabs value={section} onValueChange={(next) => setSection(next as Section)}>
            <TabsList label={`Details of ${selected.username}`}>
              <TabsTrigger value="info">Info</TabsTrigger>
              <TabsTrigger value="connections">Connections</TabsTrigger>
              <TabsTrigger value="holdings">Holdings</TabsTrigger>
            </TabsList>
            <TabsContent value="info">
              {section === 'info' ? <UserInfo userId={userId} user={selected} /> : null}
            </TabsContent>
            <TabsContent value="connections">
              {section === 'connections' ? <UserConnections userId={userId} user={selected} /> : null}
            </TabsContent>
            <TabsContent value="holdings">
              {section === 'holdings' ? <UserHoldings userId={userId} user={selected} /> : null}
            </TabsContent>
          </Tabs>
        </>
      ) : (
        <>
          <EmptyState title="Select a user to view details" text="Find them by username, email or name below." />
          <UserPicker
            userId={userId}
            selectedId={null}
            onSelect={(user) => {
              setSelected(user);
              setSection('info');
            }}
          />
        </>
      )}
    </AdminSection>
  );
}
