import type { BrokerageAccountView, QuoteView } from '@copytrade/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format/money';
import type { PaperOrderInput } from '../api/place-paper-order';
import { occSymbolOf, OPTION_CONTRACT_MULTIPLIER, toOrderInput, type OrderDraft } from '../utils/order-draft';

function Segmented<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string; tone?: 'buy' | 'sell' }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="segmented" disabled={disabled}>
      <legend className="field__label">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'segmented__option',
              value === option.value && 'is-selected',
              option.tone && `segmented__option--${option.tone}`,
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The paper broker's order ticket: a market order to buy or sell a stock (symbol and quantity) or an option
 * (underlying, call/put, strike, expiration: its OCC data). Checked with the server's own rules before sending.
 */
export function OrderForm({
  accounts,
  draft,
  onDraftChange,
  quote,
  onSubmit,
  submitting,
  disabled,
}: {
  accounts: readonly BrokerageAccountView[];
  draft: OrderDraft;
  onDraftChange: (draft: OrderDraft) => void;
  quote: QuoteView | undefined;
  onSubmit: (order: PaperOrderInput) => void;
  submitting: boolean;
  disabled: boolean;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<OrderDraft>) => {
    setError(null);
    onDraftChange({ ...draft, ...patch });
  };
  const isOption = draft.instrument === 'option';
  const occ = isOption ? occSymbolOf(draft) : null;
  const quantity = Number(draft.quantity);
  const unitPrice = quote?.price ?? null;
  const estimate =
    unitPrice !== null && Number.isFinite(quantity) && quantity > 0
      ? unitPrice * quantity * (isOption ? OPTION_CONTRACT_MULTIPLIER : 1)
      : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = toOrderInput(draft);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onSubmit(result.order);
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Place a Market Order</CardTitle>
        <CardDescription>Filled at once at the simulated market price while the market is open.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="form order-form"
          onSubmit={handleSubmit}
          noValidate
          aria-labelledby={titleId}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <Field>
            <Label htmlFor={`${id}-account`}>Account</Label>
            <Select
              id={`${id}-account`}
              value={draft.accountId}
              onValueChange={(accountId) => set({ accountId })}
              disabled={disabled}
              options={accounts.map((account, index) => ({
                value: account.id,
                label: `${account.name}${index === 0 ? ' (Primary)' : ''} · ${formatUsd(account.balance?.buying_power?.amount ?? account.balance?.total?.amount)}`,
              }))}
            />
          </Field>

          <div className="form__row">
            <Segmented
              legend="Action"
              name={`${id}-action`}
              value={draft.action}
              onChange={(action) => set({ action })}
              disabled={disabled}
              options={[
                { value: 'BUY', label: 'Buy', tone: 'buy' },
                { value: 'SELL', label: 'Sell', tone: 'sell' },
              ]}
            />
            <Segmented
              legend="Instrument"
              name={`${id}-instrument`}
              value={draft.instrument}
              onChange={(instrument) => set({ instrument })}
              disabled={disabled}
              options={[
                { value: 'stock', label: 'Stock' },
                { value: 'option', label: 'Option' },
              ]}
            />
          </div>

          <div className="form__row">
            <Field>
              <Label htmlFor={`${id}-symbol`}>{isOption ? 'Underlying Symbol' : 'Symbol'}</Label>
              <Input
                id={`${id}-symbol`}
                value={draft.symbol}
                onChange={(event) => set({ symbol: event.target.value.toUpperCase() })}
                placeholder="AAPL"
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
                className="mono"
              />
            </Field>
            <Field>
              <Label htmlFor={`${id}-quantity`}>{isOption ? 'Contracts' : 'Quantity'}</Label>
              <Input
                id={`${id}-quantity`}
                type="number"
                inputMode="decimal"
                min={0}
                step={isOption ? 1 : 'any'}
                value={draft.quantity}
                onChange={(event) => set({ quantity: event.target.value })}
                placeholder={isOption ? '1' : '10'}
                disabled={disabled}
              />
            </Field>
          </div>

          {isOption ? (
            <>
              <div className="form__row form__row--three">
                <Field>
                  <Label htmlFor={`${id}-type`}>Option Type</Label>
                  <Select
                    id={`${id}-type`}
                    value={draft.optionType}
                    onValueChange={(value) => set({ optionType: value === 'PUT' ? 'PUT' : 'CALL' })}
                    disabled={disabled}
                    options={[
                      { value: 'CALL', label: 'Call' },
                      { value: 'PUT', label: 'Put' },
                    ]}
                  />
                </Field>
                <Field>
                  <Label htmlFor={`${id}-strike`}>Strike Price</Label>
                  <Input
                    id={`${id}-strike`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={draft.strikePrice}
                    onChange={(event) => set({ strikePrice: event.target.value })}
                    placeholder="240"
                    disabled={disabled}
                  />
                </Field>
                <Field>
                  <Label htmlFor={`${id}-expiration`}>Expiration Date</Label>
                  <Input
                    id={`${id}-expiration`}
                    type="date"
                    value={draft.expirationDate}
                    onChange={(event) => set({ expirationDate: event.target.value })}
                    disabled={disabled}
                  />
                </Field>
              </div>
              <p className="order-form__occ">
                <span className="muted">OCC Symbol </span>
                <output
                  htmlFor={`${id}-symbol ${id}-type ${id}-strike ${id}-expiration`}
                  className="mono"
                  aria-label="OCC symbol"
                >
                  {occ ?? '—'}
                </output>
                <span className="muted small"> · {OPTION_CONTRACT_MULTIPLIER} shares per contract</span>
              </p>
            </>
          ) : null}

          <p className="order-form__estimate" aria-live="polite">
            <span className="muted">Last price </span>
            <span className="mono">{unitPrice !== null ? formatUsd(unitPrice) : '—'}</span>
            <span className="muted"> · Estimated {draft.action === 'BUY' ? 'cost' : 'proceeds'} </span>
            <span className="mono">{estimate !== null ? formatUsd(estimate) : '—'}</span>
          </p>

          {error ? (
            <p id={`${id}-error`} className="form__error" role="alert">
              {error}
            </p>
          ) : null}
          {disabled ? <FieldHint>Connect a paper account to place orders.</FieldHint> : null}

          <Button
            type="submit"
            variant={draft.action === 'BUY' ? 'primary' : 'danger'}
            size="lg"
            disabled={disabled || submitting}
          >
            {submitting ? 'Placing Order...' : draft.action === 'BUY' ? 'Place Buy Order' : 'Place Sell Order'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
