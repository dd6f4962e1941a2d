import type { TraceGuardsView } from '@copytrade/contracts';
import {
  CopyGuardRules,
  parseGuardInput,
  validatePricePercent,
  validateStopLossPercent,
} from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useTraceGuardsAction } from '../api/trace-guards';
import { asInputText, GuardNumberField } from './number-field';

const PAUSED_BY: Record<NonNullable<TraceGuardsView['pausedReason']>, string> = {
  user: 'Paused by you',
  stop_loss: 'Paused: copy stop-loss reached',
  daily_loss: 'Paused: daily loss limit reached',
};

export const TRACE_GUARDS_FAILED = 'This change could not be saved. Try again.';

/** What the badge of a trace's automatic copying says. */
export const autoCopyStateOf = (guards: TraceGuardsView): string =>
  guards.autoCopyPaused ? PAUSED_BY[guards.pausedReason ?? 'user'] : 'Copying automatically';

/**
 * One trace's guards for the follower: pause / resume automatic copying (the subscription and copying by hand stay),
 * the copy stop-loss and the price-protection override (blank: off, or the account-wide setting).
 */
export function TraceGuardsControls({ guards, traceName }: { guards: TraceGuardsView; traceName: string }) {
  const id = useId();
  const action = useTraceGuardsAction(guards.traceId);
  const [stopLoss, setStopLoss] = useState(asInputText(guards.stopLossPercent));
  const [price, setPrice] = useState(asInputText(guards.priceProtectionPercent));
  const [errors, setErrors] = useState<{ stopLoss?: string; price?: string }>({});
  const [saved, setSaved] = useState<string | null>(null);

  const run = (input: Parameters<typeof action.mutate>[0], done: string) => {
    setSaved(null);
    action.mutate(input, { onSuccess: () => setSaved(done) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const stopLossPercent = parseGuardInput(stopLoss);
    const priceProtectionPercent = parseGuardInput(price);
    const found = {
      stopLoss: validateStopLossPercent(stopLossPercent) ?? undefined,
      price: validatePricePercent(priceProtectionPercent) ?? undefined,
    };
    setErrors(found);
    if (found.stopLoss || found.price) return;
    run({ kind: 'update', change: { stopLossPercent, priceProtectionPercent } }, 'Saved');
  };

  const statusId = `${id}-status`;
  const status = action.isPending
    ? { tone: 'muted', text: 'Saving...' }
    : action.isError
      ? { tone: 'error', text: (isApiError(action.error) && action.error.serverMessage) || TRACE_GUARDS_FAILED }
      : saved
        ? { tone: 'success', text: saved }
        : null;

  return (
    <div className="trace-guards stack">
      <div className="guards-stop">
        <div className="setting-row__text">
          <p className="setting-row__label">
            Automatic copying{' '}
            <Badge variant={guards.autoCopyPaused ? 'warning' : 'success'}>{autoCopyStateOf(guards)}</Badge>
          </p>
          <p className="setting-row__description">
            {guards.autoCopyPaused
              ? `New trades of ${traceName} are not copied automatically. You stay subscribed and can copy a trade yourself.`
              : `Trades ${traceName} shares are copied automatically while copy trading is on.`}
          </p>
        </div>
        {guards.autoCopyPaused ? (
          <Button
            variant="primary"
            size="sm"
            disabled={action.isPending}
            onClick={() => run({ kind: 'resume' }, 'Automatic copying resumed')}
          >
            Resume automatic copying
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={action.isPending}
            onClick={() => run({ kind: 'pause' }, 'Automatic copying paused')}
          >
            Pause automatic copying
          </Button>
        )}
      </div>
      <form className="stack" onSubmit={onSubmit} noValidate aria-label={`Copy guards for ${traceName}`}>
        <div className="form-grid">
          <GuardNumberField
            id={`${id}-stop-loss`}
            label="Copy stop-loss (%)"
            hint="Once your open copies of this trace lost this share of their cost, all of them are sold at market and automatic copying of it pauses."
            value={stopLoss}
            error={errors.stopLoss ?? null}
            min={CopyGuardRules.stopLossPercent.min}
            max={CopyGuardRules.stopLossPercent.max}
            onChange={(text) => {
              setStopLoss(text);
              setErrors((current) => ({ ...current, stopLoss: undefined }));
            }}
          />
          <GuardNumberField
            id={`${id}-price`}
            label="Price protection for this trace (%)"
            hint="Blank uses your account-wide price protection."
            value={price}
            error={errors.price ?? null}
            min={CopyGuardRules.pricePercent.min}
            max={CopyGuardRules.pricePercent.max}
            onChange={(text) => {
              setPrice(text);
              setErrors((current) => ({ ...current, price: undefined }));
            }}
          />
        </div>
        <div className="guards-form__actions">
          <Button type="submit" variant="secondary" size="sm" disabled={action.isPending} aria-describedby={statusId}>
            Save limits
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
    </div>
  );
}
