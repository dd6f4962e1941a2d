import type { OwnerTraceView, TierName } from '@copytrade/contracts';
import { TIER_NAMES } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { useUpdatePrivacy, type PrivacySettingsInput } from '../api/update-settings';
import { tierLabel } from '@/lib/format/text';
import { serverMessageOr } from '../utils/trade-errors';

const TIER_OPTIONS = TIER_NAMES.map((name) => ({ value: name, label: tierLabel(name) }));

const SWITCHES: ReadonlyArray<{
  key: Exclude<keyof PrivacySettingsInput, 'defaultSharingTier'>;
  label: string;
  text: string;
}> = [
  {
    key: 'publicProfile',
    label: 'Public Profile',
    text: 'Anyone signed in can find your trace and see its public page.',
  },
  { key: 'allowComments', label: 'Allow Comments', text: 'Subscribers may comment on your posts.' },
  {
    key: 'allowCopying',
    label: 'Allow Copying',
    text: 'Subscribers whose tier allows it may copy your shared trades.',
  },
  {
    key: 'autoShareProfitableTrades',
    label: 'Auto-share Profitable Trades',
    text: 'Share trades automatically once they are profitable.',
  },
];

const formOf = (trace: OwnerTraceView): PrivacySettingsInput => ({
  allowComments: trace.allowComments,
  allowCopying: trace.allowCopying,
  autoShareProfitableTrades: trace.autoShareProfitableTrades,
  defaultSharingTier: trace.defaultSharingTier,
  publicProfile: trace.publicProfile,
});

/** Privacy & Sharing (docs/product.md#owner-settings): the five settings of the privacy payload. */
export function PrivacySettings({ traceId, trace }: { traceId: string; trace: OwnerTraceView }) {
  const titleId = useId();
  const tierId = useId();
  const baseId = useId();
  const [form, setForm] = useState<PrivacySettingsInput>(() => formOf(trace));
  const update = useUpdatePrivacy(traceId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(form, {
      onSuccess: (response) => {
        setForm(formOf(response.trace));
        toast.success('Privacy Settings Updated', { description: response.message });
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to update privacy settings')),
    });
  };

  return (
    <TitledCard
      titleId={titleId}
      title="Privacy & Sharing"
      titleAs="h2"
      description="Who sees your trace and how trades are shared."
    >
      <form className="form" onSubmit={submit} aria-labelledby={titleId}>
        <div className="setting-list">
          {SWITCHES.map((item) => (
            <div key={item.key} className="setting-row">
              <div className="setting-row__text">
                <p className="setting-row__label" id={`${baseId}-${item.key}`}>
                  {item.label}
                </p>
                <p className="setting-row__description" id={`${baseId}-${item.key}-text`}>
                  {item.text}
                </p>
              </div>
              <Switch
                checked={form[item.key]}
                onCheckedChange={(checked) => setForm((current) => ({ ...current, [item.key]: checked }))}
                aria-labelledby={`${baseId}-${item.key}`}
                aria-describedby={`${baseId}-${item.key}-text`}
              />
            </div>
          ))}
        </div>
        <div className="owner-form__narrow">
          <Label htmlFor={tierId}>Default Sharing Tier</Label>
          <Select
            id={tierId}
            options={TIER_OPTIONS}
            value={form.defaultSharingTier}
            onValueChange={(value) => setForm((current) => ({ ...current, defaultSharingTier: value as TierName }))}
          />
        </div>
        <div className="owner-form__actions">
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Privacy Settings'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
