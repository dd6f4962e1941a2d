import type { RiskLevel, TradingStyle } from '@copytrade/contracts';
import { RISK_LEVELS, TRADING_STYLES, TracesMessages } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Field, Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TRADING_STYLE_LABELS } from '@/lib/trading-styles';
import { useCreateTrace, type CreateTraceInput } from '../../api/create-trace';
import { AdminFallbacks, toastAdminError, toastAdminSuccess } from '../admin-toasts';
import { RISK_LEVEL_LABELS } from './trace-labels';
import { DialogFormFooter, UserIdInput } from './trace-dialog-parts';

interface FormState {
  name: string;
  handle: string;
  ownerId: string;
  description: string;
  bio: string;
  avatar: string;
  tradingStyle: TradingStyle[];
  riskLevel: RiskLevel;
  minInvestment: string;
  isVerified: boolean;
  isFeatured: boolean;
}

/** RiskLevel medium and minInvestment 0 by default (see docs/product.md#admin-panel). */
const EMPTY_FORM: FormState = {
  name: '',
  handle: '',
  ownerId: '',
  description: '',
  bio: '',
  avatar: '',
  tradingStyle: [],
  riskLevel: 'medium',
  minInvestment: '0',
  isVerified: false,
  isFeatured: false,
};

const REQUIRED = ['name', 'handle', 'ownerId'] as const;
type RequiredField = (typeof REQUIRED)[number];

const RISK_OPTIONS = RISK_LEVELS.map((level) => ({ value: level, label: RISK_LEVEL_LABELS[level] }));

/** MinInvestment is parsed as a number; empty or unreadable is 0 (see docs/product.md#validation-rules). */
export function parseMinInvestment(value: string): number {
  const parsed = Number(value.trim());
  return value.trim() === '' || !Number.isFinite(parsed) ? 0 : parsed;
}

/** The optional text fields are sent only when filled in. */
const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/**
 * 'Create Trace' (docs/product.md#admin-panel): name, handle and owner user id required — checked here first and by
 * the server — else 'Please fill in all required fields'; description, bio, avatar URL, trading styles from
 * the fixed list, risk level, minimum investment, Verified and Featured. The server's refusal (a taken
 * handle, a malformed id, an unknown owner) is shown as it says it; the form stays open to correct it.
 */
export function CreateTraceDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const id = useId();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [missing, setMissing] = useState<RequiredField[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateTrace();

  const set = <Key extends keyof FormState>(key: Key, value: FormState[Key]) => {
    setForm((current) => ({ ...current, [key]: value }));
    // A required field filled in is no longer marked; once none is missing, the message goes too.
    if ((REQUIRED as readonly string[]).includes(key) && typeof value === 'string' && value.trim() !== '') {
      const stillMissing = missing.filter((field) => field !== key);
      setMissing(stillMissing);
      if (stillMissing.length === 0 && formError === TracesMessages.requiredFields) setFormError(null);
    }
  };
  const toggleStyle = (style: TradingStyle, checked: boolean) =>
    set(
      'tradingStyle',
      checked
        ? TRADING_STYLES.filter((each) => each === style || form.tradingStyle.includes(each))
        : form.tradingStyle.filter((each) => each !== style),
    );

  const close = () => {
    if (create.isPending) return;
    setForm(EMPTY_FORM);
    setMissing([]);
    setFormError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const blank = REQUIRED.filter((field) => form[field].trim() === '');
    setMissing(blank);
    if (blank.length > 0) {
      setFormError(TracesMessages.requiredFields);
      toastAdminError(undefined, TracesMessages.requiredFields);
      document.getElementById(`${id}-${blank[0]}`)?.focus();
      return;
    }
    setFormError(null);
    const input: CreateTraceInput = {
      userId,
      name: form.name.trim(),
      handle: form.handle.trim(),
      ownerId: form.ownerId.trim(),
      description: optional(form.description),
      bio: optional(form.bio),
      avatar: optional(form.avatar),
      tradingStyle: form.tradingStyle,
      riskLevel: form.riskLevel,
      minInvestment: parseMinInvestment(form.minInvestment),
      isVerified: form.isVerified,
      isFeatured: form.isFeatured,
    };
    create.mutate(input, {
      onSuccess: (response) => {
        toastAdminSuccess(response.message || TracesMessages.traceCreated);
        setForm(EMPTY_FORM);
        setMissing([]);
        onClose();
      },
      onError: (error) => setFormError(toastAdminError(error, AdminFallbacks.createTrace)),
    });
  };

  const invalid = (field: RequiredField) => (missing.includes(field) ? { 'aria-invalid': true as const } : {});

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create Trace"
      description="Name, handle and owner are required. The trace starts with the default free, basic, premium and VIP tiers."
      className="dialog--wide"
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="form-grid">
          <Field>
            <Label htmlFor={`${id}-name`}>Name (required)</Label>
            <Input
              id={`${id}-name`}
              name="name"
              required
              maxLength={80}
              autoComplete="off"
              value={form.name}
              onChange={(event) => set('name', event.target.value)}
              {...invalid('name')}
            />
          </Field>
          <Field>
            <Label htmlFor={`${id}-handle`}>Handle (required)</Label>
            <Input
              id={`${id}-handle`}
              name="handle"
              required
              maxLength={31}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="@momentum_masters"
              value={form.handle}
              onChange={(event) => set('handle', event.target.value)}
              {...invalid('handle')}
            />
          </Field>
        </div>
        <Field>
          <Label htmlFor={`${id}-ownerId`}>Owner user id (required)</Label>
          <UserIdInput
            id={`${id}-ownerId`}
            name="ownerId"
            value={form.ownerId}
            onChange={(event) => set('ownerId', event.target.value)}
            {...invalid('ownerId')}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            name="description"
            rows={2}
            maxLength={2000}
            value={form.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-bio`}>Bio</Label>
          <Textarea
            id={`${id}-bio`}
            name="bio"
            rows={3}
            maxLength={5000}
            value={form.bio}
            onChange={(event) => set('bio', event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-avatar`}>Avatar URL</Label>
          <Input
            id={`${id}-avatar`}
            name="avatar"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…"
            value={form.avatar}
            onChange={(event) => set('avatar', event.target.value)}
          />
        </Field>
        <fieldset className="admin-styles">
          <legend className="field__label">Trading styles</legend>
          <div className="admin-styles__options">
            {TRADING_STYLES.map((style) => (
              <label key={style} className="admin-styles__option">
                <input
                  type="checkbox"
                  name="tradingStyle"
                  value={style}
                  checked={form.tradingStyle.includes(style)}
                  onChange={(event) => toggleStyle(style, event.target.checked)}
                />
                {TRADING_STYLE_LABELS[style]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="form-grid">
          <Field>
            <Label htmlFor={`${id}-risk`}>Risk level</Label>
            <Select
              id={`${id}-risk`}
              name="riskLevel"
              options={RISK_OPTIONS}
              value={form.riskLevel}
              onValueChange={(value) => set('riskLevel', value as RiskLevel)}
            />
          </Field>
          <Field>
            <Label htmlFor={`${id}-min`}>Minimum investment (USD)</Label>
            <Input
              id={`${id}-min`}
              name="minInvestment"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={form.minInvestment}
              onChange={(event) => set('minInvestment', event.target.value)}
            />
          </Field>
        </div>
        <div className="admin-switches">
          <div className="switch-row">
            <Switch
              id={`${id}-verified`}
              checked={form.isVerified}
              onCheckedChange={(checked) => set('isVerified', checked)}
            />
            <Label htmlFor={`${id}-verified`}>Verified</Label>
          </div>
          <div className="switch-row">
            <Switch
              id={`${id}-featured`}
              checked={form.isFeatured}
              onCheckedChange={(checked) => set('isFeatured', checked)}
            />
            <Label htmlFor={`${id}-featured`}>Featured</Label>
          </div>
        </div>
        <DialogFormFooter
          error={formError}
          pending={create.isPending}
          onCancel={close}
          submitLabel="Create Trace"
          pendingLabel="Creating..."
        />
      </form>
    </Dialog>
  );
}
