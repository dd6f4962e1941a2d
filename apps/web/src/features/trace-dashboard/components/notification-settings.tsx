import type { OwnerNotificationPreferences } from '@copytrade/contracts';
import { Messages } from '@copytrade/contracts/rules';
import { useId, useState } from 'react';
import { SaveMessageAlert, useSaveMessage } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { Switch } from '@/components/ui/switch';
import {
  useOwnerNotificationPreferences,
  useSaveOwnerNotificationPreferences,
} from '../api/owner-notification-preferences';

export const OWNER_PREFERENCES_SAVE_FAILED = 'Failed to save preferences. Please try again.';
export const OWNER_PREFERENCES_LOAD_FAILED = "Couldn't load your notification preferences.";

type Preference = keyof OwnerNotificationPreferences;

/** `notYet`: nothing in the product sends this e-mail yet (said next to the switch). */
const ITEMS: ReadonlyArray<{ key: Preference; label: string; notYet?: boolean }> = [
  { key: 'emailNewSubscribers', label: 'Email me about new subscribers' },
  { key: 'emailTradeCopies', label: 'Email me when my trades are copied' },
  { key: 'emailRevenue', label: 'Email me revenue updates', notYet: true },
  { key: 'emailPerformanceAlerts', label: 'Email me performance alerts', notYet: true },
  { key: 'emailComments', label: 'Email me about comments', notYet: true },
  { key: 'pushNotifications', label: 'Push notifications' },
];

/** Owner settings → Notifications (docs/product.md#owner-settings): saved per owner, for all their traces. */
export function NotificationSettings({ userId }: { userId: string }) {
  const titleId = useId();
  const query = useOwnerNotificationPreferences(userId);
  return (
    <TitledCard
      titleId={titleId}
      title="Notifications"
      titleAs="h2"
      description="These switches apply to all your traces. Revenue, performance-alert and comment e-mails are not sent yet."
    >
      {query.isPending ? (
        <LoadingRows label="Loading notification preferences..." count={ITEMS.length} />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {OWNER_PREFERENCES_LOAD_FAILED}
        </LoadError>
      ) : (
        <PreferencesForm userId={userId} initial={query.data} />
      )}
    </TitledCard>
  );
}

function PreferencesForm({ userId, initial }: { userId: string; initial: OwnerNotificationPreferences }) {
  const baseId = useId();
  const [draft, setDraft] = useState(initial);
  const [message, setMessage] = useSaveMessage();
  const save = useSaveOwnerNotificationPreferences(userId);

  const onSave = () => {
    setMessage(null);
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved);
        setMessage({ kind: 'success', text: Messages.notificationPreferencesSaved });
      },
      onError: () => setMessage({ kind: 'error', text: OWNER_PREFERENCES_SAVE_FAILED }),
    });
  };

  return (
    <div className="stack">
      <div className="setting-list">
        {ITEMS.map((item) => (
          <div key={item.key} className="setting-row">
            <div className="setting-row__text">
              <p className="setting-row__label" id={`${baseId}-${item.key}`}>
                {item.label}
              </p>
              {item.notYet ? (
                <p className="setting-row__description" id={`${baseId}-${item.key}-note`}>
                  Not sent yet.
                </p>
              ) : null}
            </div>
            <Switch
              checked={draft[item.key]}
              disabled={save.isPending}
              onCheckedChange={(checked) => setDraft((current) => ({ ...current, [item.key]: checked }))}
              aria-labelledby={`${baseId}-${item.key}`}
              aria-describedby={item.notYet ? `${baseId}-${item.key}-note` : undefined}
            />
          </div>
        ))}
      </div>
      <SaveMessageAlert message={message} />
      <div>
        <Button variant="primary" onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </div>
  );
}
