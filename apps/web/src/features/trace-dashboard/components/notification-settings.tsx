import { useId, useState } from 'react';
import { TitledCard } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';

/**
 * The owner's notification preferences and their defaults (docs/product.md#owner-settings): local to this page, never
 * saved.
 */
export const OWNER_NOTIFICATION_DEFAULTS = {
  emailNewSubscribers: true,
  emailTradeCopies: true,
  emailRevenue: true,
  emailPerformanceAlerts: true,
  emailComments: false,
  pushNotifications: true,
} as const;
type Preference = keyof typeof OWNER_NOTIFICATION_DEFAULTS;

const ITEMS: ReadonlyArray<{ key: Preference; label: string }> = [
  { key: 'emailNewSubscribers', label: 'Email me about new subscribers' },
  { key: 'emailTradeCopies', label: 'Email me when my trades are copied' },
  { key: 'emailRevenue', label: 'Email me revenue updates' },
  { key: 'emailPerformanceAlerts', label: 'Email me performance alerts' },
  { key: 'emailComments', label: 'Email me about comments' },
  { key: 'pushNotifications', label: 'Push notifications' },
];

export function NotificationSettings() {
  const titleId = useId();
  const baseId = useId();
  const [prefs, setPrefs] = useState<Record<Preference, boolean>>({ ...OWNER_NOTIFICATION_DEFAULTS });
  return (
    <TitledCard
      titleId={titleId}
      title="Notifications"
      titleAs="h2"
      description="These switches apply to this page only and are not saved yet."
    >
      <div className="setting-list">
        {ITEMS.map((item) => (
          <div key={item.key} className="setting-row">
            <p className="setting-row__label" id={`${baseId}-${item.key}`}>
              {item.label}
            </p>
            <Switch
              checked={prefs[item.key]}
              onCheckedChange={(checked) => setPrefs((current) => ({ ...current, [item.key]: checked }))}
              aria-labelledby={`${baseId}-${item.key}`}
            />
          </div>
        ))}
      </div>
    </TitledCard>
  );
}
