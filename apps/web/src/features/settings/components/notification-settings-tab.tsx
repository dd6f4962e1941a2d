import type { NotificationPreferences } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { SaveMessageAlert, useSaveMessage } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { LockIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/update-notification-preferences';

export const PREFERENCES_SAVED = 'Notification preferences saved successfully!';
export const PREFERENCES_SAVE_FAILED = 'Failed to save preferences. Please try again.';

type SwitchKey = 'emailNotifications' | 'notifyOnTradeShared' | 'notifyOnCopiedTradeSold';

/**
 * The switches shown are the first, second and fourth flag; the two below depend on the first (see
 * docs/product.md#entities-and-fields).
 */
const SWITCHES: { key: SwitchKey; label: string; description: string; dependent: boolean }[] = [
  {
    key: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Receive notifications by e-mail.',
    dependent: false,
  },
  {
    key: 'notifyOnTradeShared',
    label: 'Trade Shared',
    description: 'When a trace you follow shares a new trade.',
    dependent: true,
  },
  {
    key: 'notifyOnCopiedTradeSold',
    label: 'Copied Trade Sold',
    description: 'When a trade you copied is sold.',
    dependent: true,
  },
];

/** Settings → Notifications (docs/product.md#settings): the switches, Save, and the privacy note. */
export function NotificationSettingsTab({ userId }: { userId: string }) {
  const query = useNotificationPreferences(userId);
  const titleId = useId();

  return (
    <div className="settings-stack">
      <Card aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>Notification Preferences</CardTitle>
          <CardDescription>Choose which e-mails CopyTrade sends you.</CardDescription>
        </CardHeader>
        {query.isPending ? (
          <CardContent aria-busy="true">
            <span className="sr-only" role="status">
              Loading notification preferences...
            </span>
            {SWITCHES.map(({ key }) => (
              <div key={key} className="setting-row">
                <Skeleton width="45%" height={14} />
                <Skeleton width={40} height={22} />
              </div>
            ))}
          </CardContent>
        ) : query.isError ? (
          <CardContent>
            <div className="inline-error">
              <p role="alert">Couldn&apos;t load your notification preferences.</p>
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                Retry
              </Button>
            </div>
          </CardContent>
        ) : (
          <PreferencesForm userId={userId} initial={query.data} />
        )}
      </Card>
      <PrivacyNote />
    </div>
  );
}

function PreferencesForm({ userId, initial }: { userId: string; initial: NotificationPreferences }) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [message, setMessage] = useSaveMessage();
  const save = useSaveNotificationPreferences();

  const onSave = () => {
    setMessage(null);
    save.mutate(
      { userId, preferences: draft },
      {
        onSuccess: (saved) => {
          setDraft(saved);
          setMessage({ kind: 'success', text: PREFERENCES_SAVED });
        },
        onError: () => setMessage({ kind: 'error', text: PREFERENCES_SAVE_FAILED }),
      },
    );
  };

  return (
    <>
      <CardContent>
        <ul className="setting-list">
          {SWITCHES.map(({ key, label, description, dependent }) => {
            const disabled = dependent && !draft.emailNotifications;
            return (
              <li key={key} className={dependent ? 'setting-row setting-row--nested' : 'setting-row'}>
                <div className="setting-row__text">
                  <p className="setting-row__label" id={`${id}-${key}-label`}>
                    {label}
                  </p>
                  <p className="setting-row__description" id={`${id}-${key}-description`}>
                    {description}
                  </p>
                </div>
                <Switch
                  checked={draft[key]}
                  disabled={disabled || save.isPending}
                  aria-labelledby={`${id}-${key}-label`}
                  aria-describedby={`${id}-${key}-description`}
                  onCheckedChange={(next) => setDraft((current) => ({ ...current, [key]: next }))}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
      <CardFooter className="card__footer--stack">
        <SaveMessageAlert message={message} />
        <div>
          <Button variant="primary" onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Preferences'}
          </Button>
        </div>
      </CardFooter>
    </>
  );
}

function PrivacyNote() {
  return (
    <Card className="privacy-note" aria-labelledby="privacy-note-title">
      <CardHeader>
        <div className="card__header-row card__header-row--start">
          <LockIcon size={16} className="muted" />
          <CardTitle id="privacy-note-title" as="h3">
            Your privacy
          </CardTitle>
        </div>
      </CardHeader>
      <CardContent>
        <p className="muted">
          We only use your e-mail address to send the notifications you choose here and essential account messages (such
          as password resets). We never sell or share it with third parties, and you can turn notifications off at any
          time.
        </p>
      </CardContent>
    </Card>
  );
}
