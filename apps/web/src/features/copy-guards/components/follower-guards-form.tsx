import type { FollowerGuardsView } from '@copytrade/contracts';
import {
  CopyGuardRules,
  parseGuardInput,
  validateDailyLossLimit,
  validateMaxShareAgeMinutes,
  validatePricePercent,
  validateSizing,
  validateSizingPercent,
  type MarketClosedPolicy,
  type SizingMode,
} from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useUpdateFollowerGuards } from '../api/follower-guards';
import { asInputText, GuardNumberField } from './number-field';

type NumberField = 'priceProtectionPercent' | 'maxShareAgeMinutes' | 'dailyLossLimit' | 'sizingPercent';

const RULES: Record<NumberField, (value: unknown) => string | null> = {
  priceProtectionPercent: validatePricePercent,
  maxShareAgeMinutes: validateMaxShareAgeMinutes,
  dailyLossLimit: validateDailyLossLimit,
  sizingPercent: validateSizingPercent,
};

const { pricePercent, maxShareAgeMinutes, dailyLossLimit, sizingPercent } = CopyGuardRules;

const MARKET_CLOSED_CHOICES: { value: MarketClosedPolicy; label: string }[] = [
  { value: 'skip', label: 'Skip the copy' },
  { value: 'next_open', label: 'Place it when the market next opens' },
];
const SIZING_CHOICES: { value: SizingMode; label: string }[] = [
  { value: 'fixed', label: 'Fixed amount (your default copy amount)' },
  { value: 'account_percent', label: '% of your account' },
];

export const FOLLOWER_GUARDS_SAVE_FAILED = 'Your copy guards could not be saved. Try again.';

/**
 * The follower-wide guards, saved together with one button: each number is checked with the same rule the server
 * applies (blank: off) and shown under its input; sizing by % of the account needs its percent.
 */
export function FollowerGuardsForm({ guards }: { guards: FollowerGuardsView }) {
  const id = useId();
  const save = useUpdateFollowerGuards();
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    priceProtectionPercent: asInputText(guards.priceProtectionPercent),
    maxShareAgeMinutes: asInputText(guards.maxShareAgeMinutes),
    dailyLossLimit: asInputText(guards.dailyLossLimit),
    sizingPercent: asInputText(guards.sizingPercent),
  });
  const [marketClosedPolicy, setMarketClosedPolicy] = useState(guards.marketClosedPolicy);
  const [sizingMode, setSizingMode] = useState(guards.sizingMode);
  const [copyOpenPositions, setCopyOpenPositions] = useState(guards.copyOpenPositions);
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});

  const setNumber = (field: NumberField, text: string) => {
    setNumbers((current) => ({ ...current, [field]: text }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    save.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Object.fromEntries(
      (Object.keys(RULES) as NumberField[]).map((field) => [field, parseGuardInput(numbers[field])]),
    ) as Record<NumberField, number | null>;
    // The percent is shown, checked and sent only when sizing by it; a fixed amount keeps the stored one.
    const checked = (Object.keys(RULES) as NumberField[]).filter(
      (field) => field !== 'sizingPercent' || sizingMode === 'account_percent',
    );
    const found: Partial<Record<NumberField, string>> = {};
    for (const field of checked) {
      const problem = RULES[field](parsed[field]);
      if (problem) found[field] = problem;
    }
    const sizingProblem = found.sizingPercent ? null : validateSizing(sizingMode, parsed.sizingPercent);
    if (sizingProblem) found.sizingPercent = sizingProblem;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const numbersSent = Object.fromEntries(checked.map((field) => [field, parsed[field]]));
    save.mutate({ ...numbersSent, marketClosedPolicy, sizingMode, copyOpenPositions });
  };

  const statusId = `${id}-status`;
  let status: { tone: 'muted' | 'success' | 'error'; text: string } | null = null;
  if (save.isPending) status = { tone: 'muted', text: 'Saving...' };
  else if (save.isError)
    status = {
      tone: 'error',
      text: (isApiError(save.error) && save.error.serverMessage) || FOLLOWER_GUARDS_SAVE_FAILED,
    };
  else if (save.isSuccess) status = { tone: 'success', text: 'Copy guards saved' };

  return (
    <form className="guards-form stack" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 className="guards-form__title" id={`${id}-title`}>
        Copy guards
      </h3>
      <p className="field__hint">Limits every copy keeps to. Leave a number blank to turn that guard off.</p>
      <div className="form-grid">
        <GuardNumberField
          id={`${id}-price`}
          label="Price protection (%)"
          hint="Skip a copy when the price moved more than this from the trader's."
          value={numbers.priceProtectionPercent}
          error={errors.priceProtectionPercent ?? null}
          min={pricePercent.min}
          max={pricePercent.max}
          onChange={(text) => setNumber('priceProtectionPercent', text)}
        />
        <GuardNumberField
          id={`${id}-age`}
          label="Maximum share age (minutes)"
          hint="Skip an automatic copy of a trade shared longer ago than this."
          value={numbers.maxShareAgeMinutes}
          error={errors.maxShareAgeMinutes ?? null}
          min={maxShareAgeMinutes.min}
          max={maxShareAgeMinutes.max}
          step="1"
          onChange={(text) => setNumber('maxShareAgeMinutes', text)}
        />
        <GuardNumberField
          id={`${id}-loss`}
          label="Daily loss limit ($)"
          hint="Pause automatic copying for the day once your copies lost this much."
          value={numbers.dailyLossLimit}
          error={errors.dailyLossLimit ?? null}
          min={dailyLossLimit.min}
          max={dailyLossLimit.max}
          onChange={(text) => setNumber('dailyLossLimit', text)}
        />
      </div>

      <fieldset className="guards-choice">
        <legend className="field__label">When the market is closed</legend>
        {MARKET_CLOSED_CHOICES.map((choice) => (
          <label key={choice.value} className="guards-choice__option">
            <input
              type="radio"
              name={`${id}-market-closed`}
              value={choice.value}
              checked={marketClosedPolicy === choice.value}
              onChange={() => {
                setMarketClosedPolicy(choice.value);
                save.reset();
              }}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>

      <fieldset className="guards-choice">
        <legend className="field__label">Size each automatic copy by</legend>
        {SIZING_CHOICES.map((choice) => (
          <label key={choice.value} className="guards-choice__option">
            <input
              type="radio"
              name={`${id}-sizing`}
              value={choice.value}
              checked={sizingMode === choice.value}
              onChange={() => {
                setSizingMode(choice.value);
                setErrors((current) => ({ ...current, sizingPercent: undefined }));
                save.reset();
              }}
            />
            {choice.label}
          </label>
        ))}
        {sizingMode === 'account_percent' ? (
          <GuardNumberField
            id={`${id}-sizing-percent`}
            label="Share of your account per copy (%)"
            hint="Each automatic copy buys whole shares worth this share of your primary account's value (at least one), never above your maximum copy amount. While your account's value is not known, copies are not placed."
            value={numbers.sizingPercent}
            error={errors.sizingPercent ?? null}
            min={sizingPercent.min}
            max={sizingPercent.max}
            onChange={(text) => setNumber('sizingPercent', text)}
          />
        ) : null}
      </fieldset>

      <label className="guards-choice__option">
        <input
          type="checkbox"
          checked={copyOpenPositions}
          onChange={(event) => {
            setCopyOpenPositions(event.target.checked);
            save.reset();
          }}
        />
        Copy the trader&apos;s open positions when I start copying a trace
      </label>

      <div className="guards-form__actions">
        <Button type="submit" variant="primary" size="sm" disabled={save.isPending} aria-describedby={statusId}>
          {save.isPending ? 'Saving...' : 'Save copy guards'}
        </Button>
        <p
          id={statusId}
          className={`field__hint field__hint--${status?.tone ?? 'muted'}`}
          role="status"
          aria-live="polite"
        >
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
