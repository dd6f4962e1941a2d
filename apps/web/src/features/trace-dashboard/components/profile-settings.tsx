import type { OwnerTraceView, RiskLevel } from '@copytrade/contracts';
import {
  PROFILE_DEFAULTS,
  TRACE_BIO_MAX,
  TRACE_DESCRIPTION_MAX,
  TRACE_NAME_MAX,
} from '@copytrade/contracts/http/traces/owner-profile.rules';
import { RISK_LEVELS, TRADING_STYLES } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { tradingStyleLabel } from '@/lib/trading-styles';
import { useUpdateProfile, type ProfileSettingsInput } from '../api/update-settings';
import { capitalize } from '@/lib/format/text';
import { serverMessageOr } from '../utils/trade-errors';
import { validateProfile, type ProfileForm, type ProfileErrors } from '../utils/profile-form';

const RISK_OPTIONS = RISK_LEVELS.map((level) => ({ value: level, label: capitalize(level) }));

const formOf = (trace: OwnerTraceView): ProfileForm => ({
  name: trace.name,
  handle: trace.handle,
  description: trace.description ?? '',
  bio: trace.bio ?? '',
  tradingStyle: trace.tradingStyle ?? [],
  riskLevel: trace.riskLevel ?? PROFILE_DEFAULTS.riskLevel,
  minInvestment: String(trace.minInvestment ?? PROFILE_DEFAULTS.minInvestment),
});

/**
 * Profile (docs/product.md#owner-settings): name, handle, description, bio, trading styles, risk level, minimum
 * investment.
 */
export function ProfileSettings({ traceId, trace }: { traceId: string; trace: OwnerTraceView }) {
  const titleId = useId();
  const ids = {
    name: useId(),
    handle: useId(),
    description: useId(),
    bio: useId(),
    risk: useId(),
    min: useId(),
    styles: useId(),
  };
  const [form, setForm] = useState<ProfileForm>(() => formOf(trace));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const update = useUpdateProfile(traceId);
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const toggleStyle = (style: string, on: boolean) =>
    set('tradingStyle', on ? [...form.tradingStyle, style] : form.tradingStyle.filter((item) => item !== style));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateProfile(form);
    setErrors(result.errors);
    if (!result.value) return;
    const input: ProfileSettingsInput = result.value;
    update.mutate(input, {
      onSuccess: (response) => {
        setForm(formOf(response.trace));
        toast.success('Profile Updated', { description: response.message });
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to update profile')),
    });
  };

  const errorHint = (key: keyof ProfileErrors, id: string) =>
    errors[key] ? (
      <FieldHint id={`${id}-error`} tone="error">
        {errors[key]}
      </FieldHint>
    ) : null;
  const describedBy = (key: keyof ProfileErrors, id: string) => (errors[key] ? `${id}-error` : undefined);

  return (
    <TitledCard titleId={titleId} title="Profile" titleAs="h2" description="How your trace appears to traders.">
      <form className="form" onSubmit={submit} noValidate aria-labelledby={titleId}>
        <div className="form-grid">
          <Field>
            <Label htmlFor={ids.name}>Trace Name</Label>
            <Input
              id={ids.name}
              value={form.name}
              maxLength={TRACE_NAME_MAX}
              onChange={(event) => set('name', event.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name', ids.name)}
            />
            {errorHint('name', ids.name)}
          </Field>
          <Field>
            <Label htmlFor={ids.handle}>Handle</Label>
            <Input
              id={ids.handle}
              value={form.handle}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => set('handle', event.target.value)}
              aria-invalid={errors.handle ? true : undefined}
              aria-describedby={describedBy('handle', ids.handle)}
            />
            {errorHint('handle', ids.handle)}
          </Field>
        </div>
        <Field>
          <Label htmlFor={ids.description}>Description</Label>
          <Input
            id={ids.description}
            value={form.description}
            maxLength={TRACE_DESCRIPTION_MAX}
            onChange={(event) => set('description', event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={ids.bio}>Bio</Label>
          <Textarea
            id={ids.bio}
            rows={4}
            value={form.bio}
            maxLength={TRACE_BIO_MAX}
            onChange={(event) => set('bio', event.target.value)}
          />
        </Field>
        <fieldset className="owner-fieldset" aria-describedby={describedBy('tradingStyle', ids.styles)}>
          <legend className="field__label">Trading Styles</legend>
          <div className="owner-styles">
            {TRADING_STYLES.map((style) => (
              <label key={style} className="owner-chip">
                <input
                  type="checkbox"
                  checked={form.tradingStyle.includes(style)}
                  onChange={(event) => toggleStyle(style, event.target.checked)}
                />
                {tradingStyleLabel(style)}
              </label>
            ))}
          </div>
          {errorHint('tradingStyle', ids.styles)}
        </fieldset>
        <div className="form-grid">
          <Field>
            <Label htmlFor={ids.risk}>Risk Level</Label>
            <Select
              id={ids.risk}
              options={RISK_OPTIONS}
              value={form.riskLevel}
              onValueChange={(value) => set('riskLevel', value as RiskLevel)}
            />
          </Field>
          <Field>
            <Label htmlFor={ids.min}>Minimum Investment ($)</Label>
            <Input
              id={ids.min}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={form.minInvestment}
              onChange={(event) => set('minInvestment', event.target.value)}
              aria-invalid={errors.minInvestment ? true : undefined}
              aria-describedby={describedBy('minInvestment', ids.min)}
            />
            {errorHint('minInvestment', ids.min)}
          </Field>
        </div>
        <div className="owner-form__actions">
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
