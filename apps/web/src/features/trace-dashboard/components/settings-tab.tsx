import type { UserView } from '@copytrade/contracts';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { OwnerTraceData } from '../api/get-owner-trace';
import { AvatarCard } from './avatar-card';
import { ComingSoon } from './coming-soon';
import { IntegrationSettings } from './integration-settings';
import { NotificationSettings } from './notification-settings';
import { PrivacySettings } from './privacy-settings';
import { ProfileSettings } from './profile-settings';

export const SETTINGS_SECTIONS = [
  { value: 'profile', label: 'Profile' },
  { value: 'privacy', label: 'Privacy & Sharing' },
  { value: 'tiers', label: 'Subscription Tiers' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'integration', label: 'Integration' },
  { value: 'security', label: 'Security' },
] as const;

/** Owner settings and its six sub-tabs (docs/product.md#owner-settings). */
export function SettingsTab({ traceId, user, data }: { traceId: string; user: UserView; data: OwnerTraceData }) {
  const [section, setSection] = useState<string>('profile');
  return (
    <Tabs value={section} onValueChange={setSection} className="owner-dash__tabs">
      <TabsList label="Settings sections" className="owner-dash__tablist">
        {SETTINGS_SECTIONS.map((item) => (
          <TabsTrigger key={item.value} value={item.value}>
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="profile" className="owner-settings">
        <ProfileSettings key={data.trace.id} traceId={traceId} trace={data.trace} />
        <AvatarCard traceId={traceId} trace={data.trace} />
      </TabsContent>
      <TabsContent value="privacy">
        <PrivacySettings key={data.trace.id} traceId={traceId} trace={data.trace} />
      </TabsContent>
      <TabsContent value="tiers">
        <ComingSoon title="Subscription Tiers" text="Editing your subscription tiers is coming soon." />
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationSettings userId={user.id} />
      </TabsContent>
      <TabsContent value="integration">
        <IntegrationSettings traceId={traceId} user={user} />
      </TabsContent>
      <TabsContent value="security">
        <ComingSoon title="Security" text="Security settings for your trace are coming soon." />
      </TabsContent>
    </Tabs>
  );
}
