import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';
import './order-form.css';

/**
 * The parts every order dialog is made of (the copy, the owner's sell and the follower's sell): a summary of the
 * position, the quantity, the risk confirmation and the Cancel / submit row. Each dialog keeps only its own rules.
 */
export function OrderForm({ onSubmit, children }: { onSubmit: () => void | Promise<void>; children: ReactNode }) {
  const handle = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form className="form" onSubmit={handle} noValidate>
      {children}
    </form>
  );
}

export interface SummaryItem {
  label: ReactNode;
  value: ReactNode;
  /** Figures line up (tabular digits). */
  numeric?: boolean;
}

/** What is being ordered, as label / value pairs (a grid that wraps on a phone). */
export function OrderSummary({ items }: { items: readonly SummaryItem[] }) {
  return (
    <dl className="order-form__summary">
      {items.map((item, index) => (
        <div key={index}>
          <dt>{item.label}</dt>
          <dd className={item.numeric ? 'tabular' : undefined}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The whole-number quantity input (min 1, an optional max), its hint, and optional quick buttons. */
export function QuantityField({
  unit,
  value,
  onChange,
  max,
  hint,
  children,
}: {
  /** 'shares' or 'contracts'. */
  unit: string;
  value: string;
  onChange: (value: string) => void;
  max?: number;
  hint: ReactNode;
  /** Quick quantity buttons, under the input. */
  children?: ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <Field>
      <Label htmlFor={id}>Quantity ({unit})</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
      />
      {children}
      <FieldHint id={hintId}>{hint}</FieldHint>
    </Field>
  );
}

/** The risk confirmation checkbox, its label in the documented words. */
export function ConfirmCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label className="order-form__confirm" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** Cancel and the submit button (its busy label while the order is out). */
export function OrderFormFooter({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
  variant,
}: {
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
}) {
  return (
    <DialogFooter>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} disabled={disabled || busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
