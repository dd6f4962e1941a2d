import type { UserView } from '@copytrade/contracts';
import { CopySettingsRules, parseCopyAmountInput, validateCopyAmounts } from '@copytrade/contracts/rules';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import {
  copySettingsErrorMessage,
  useUpdateCloseAutoCopies,
  useUpdateCopySettings,
  type CopySettingsChange,
} from '../api/update-copy-settings';
import { copyTradingErrorMessage, useUpdateCopyTrading } from '../api/update-copy-trading';

type AmountField = 'defaultCopyAmount' | 'maxCopyAmount';

/** What an automatic copy is sized by when no default amount is set (the copy engine uses the placeholder). */
const DEFAULT_WHEN_EMPTY = `$${CopySettingsRules.placeholders.defaultCopyAmount.toLocaleString('en-US')}`;

const AMOUNT_FIELDS: { field: AmountField; label: string; hint: string }[] = [
  {
    field: 'defaultCopyAmount',
    label: 'Default Copy Amount ($)',
    hint: `Each automatic copy buys the whole shares or contracts this amount covers at the current price, at least one (${DEFAULT_WHEN_EMPTY} when empty).`,
  },
  {
    field: 'maxCopyAmount',
    label: 'Maximum Copy Amount ($)',
    hint: 'The most any one copy may cost, automatic or your own. An automatic copy is not placed when one share or contract costs more.',
  },
];

/** The main switch's description: what copy trading on means now that automatic copying runs. */
const SWITCH_ON =
  'On: trades shared by the traces you subscribe to are copied into your Primary account automatically.';
const SWITCH_OFF = 'Off: nothing is copied automatically; you can still copy a trade yourself.';

const asText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * Copy trading settings (docs/product.md#settings): the switch saves copyTradingEnabled — on, each trade shared by a
 * trace the user subscribes to is copied automatically (copy engine's auto-copy); the two amounts show
 * only when it is on (placeholders 1000 and 10000, minimum 1) and each change is saved at once, empty or
 * non-numeric as null. An amount the rules refuse is shown, not sent. Beside them, while it is on, the
 * 'close my automatic copies when the trader sells' switch (closeAutoCopiesOnTraderSell, off by default), saved
 * at once like the main switch. `guards` (composed by the page) shows last, whether copy trading is on or off.
 */
export function CopyTradingCard({ user, guards }: { user: UserView; guards?: ReactNode }) {
  const id = useId();
  const [amounts, setAmounts] = useState<Record<AmountField, string>>({
    defaultCopyAmount: asText(user.defaultCopyAmount),
    maxCopyAmount: asText(user.maxCopyAmount),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useUpdateCopyTrading();
  const save = useUpdateCopySettings();
  const closeOnSell = useUpdateCloseAutoCopies();
  const enabled = Boolean(user.copyTradingEnabled);

  const onAmountChange = (field: AmountField, text: string) => {
    const next = { ...amounts, [field]: text };
    setAmounts(next);
    const parsed = {
      defaultCopyAmount: parseCopyAmountInput(next.defaultCopyAmount),
      maxCopyAmount: parseCopyAmountInput(next.maxCopyAmount),
    };
    const invalid = validateCopyAmounts(parsed);
    setProblem(invalid);
    if (invalid) return;
    const change = (
      field === 'defaultCopyAmount'
        ? { defaultCopyAmount: parsed.defaultCopyAmount }
        : { maxCopyAmount: parsed.maxCopyAmount }
    ) satisfies CopySettingsChange;
    save.mutate(change);
  };

  const statusId = `${id}-status`;
  let status: { tone: 'muted' | 'success' | 'error'; text: string } | null = null;
  if (problem) status = { tone: 'error', text: problem };
  else if (save.isPending) status = { tone: 'muted', text: 'Saving...' };
  else if (save.isError) status = { tone: 'error', text: copySettingsErrorMessage(save.error) };
  else if (save.isSuccess) status = { tone: 'success', text: 'Copy settings saved' };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Copy Trading</CardTitle>
        <CardDescription>Copy shared trades as market orders into your Primary brokerage account.</CardDescription>
        <p className="field__hint">
          Every copy, automatic or your own, is listed in{' '}
          <Link to={paths.app.myCopies.getHref()} className="text-link">
            My Copy Trades
          </Link>
          , with the reason when it could not be placed (for example no brokerage connected or the market closed).
        </p>
      </CardHeader>
      <CardContent className="stack">
        <div className="setting-row">
          <div className="setting-row__text">
            <p className="setting-row__label" id={`${id}-switch-label`}>
              Enable Copy Trading
            </p>
            <p className="setting-row__description" id={`${id}-switch-description`}>
              {toggle.isPending ? 'Saving...' : enabled ? SWITCH_ON : SWITCH_OFF}
            </p>
          </div>
          <Switch
            checked={enabled}
            aria-labelledby={`${id}-switch-label`}
            aria-describedby={`${id}-switch-description`}
            disabled={toggle.isPending}
            onCheckedChange={(next) =>
              toggle.mutate(
                { copyTradingEnabled: next },
                { onError: (error) => toast.error('Error', { description: copyTradingErrorMessage(error) }) },
              )
            }
          />
        </div>

        {enabled ? (
          <>
            <div className="setting-row">
              <div className="setting-row__text">
                <p className="setting-row__label" id={`${id}-close-label`}>
                  Close my automatic copies when the trader sells
                </p>
                <p className="setting-row__description" id={`${id}-close-description`}>
                  When the trader sells a trade you copied automatically, your copy is sold at market too. Copies you
                  make yourself stay open.
                </p>
              </div>
              <Switch
                checked={Boolean(user.closeAutoCopiesOnTraderSell)}
                aria-labelledby={`${id}-close-label`}
                aria-describedby={`${id}-close-description`}
                disabled={closeOnSell.isPending}
                onCheckedChange={(next) =>
                  closeOnSell.mutate(
                    { closeAutoCopiesOnTraderSell: next },
                    { onError: (error) => toast.error('Error', { description: copySettingsErrorMessage(error) }) },
                  )
                }
              />
            </div>

            <div className="form-grid">
              {AMOUNT_FIELDS.map(({ field, label, hint }) => (
                <Field key={field}>
                  <Label htmlFor={`${id}-${field}`}>{label}</Label>
                  <Input
                    id={`${id}-${field}`}
                    name={field}
                    type="number"
                    inputMode="decimal"
                    min={CopySettingsRules.minAmount}
                    step="any"
                    placeholder={String(CopySettingsRules.placeholders[field])}
                    aria-describedby={`${id}-${field}-hint ${statusId}`}
                    value={amounts[field]}
                    onChange={(event) => onAmountChange(field, event.target.value)}
                  />
                  <FieldHint id={`${id}-${field}-hint`}>{hint}</FieldHint>
                </Field>
              ))}
            </div>
            <p
              id={statusId}
              className={`field__hint field__hint--${status?.tone ?? 'muted'}`}
              role="status"
              aria-live="polite"
            >
              {status?.text ?? ''}
            </p>
          </>
        ) : null}
        {guards}
      </CardContent>
    </Card>
  );
}
