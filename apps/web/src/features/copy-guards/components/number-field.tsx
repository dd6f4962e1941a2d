import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label } from '@/components/ui/label';

/**
 * One optional number of a guard form: blank means the guard is off. The error (the shared rule's message) replaces
 * the hint and marks the input invalid; both are read with it.
 */
export function GuardNumberField({
  id,
  label,
  hint,
  value,
  error,
  min,
  max,
  step = 'any',
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | null;
  min: number;
  max: number;
  step?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        placeholder="Off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldHint id={`${id}-hint`} tone={error ? 'error' : 'muted'}>
        {error ?? hint}
      </FieldHint>
    </Field>
  );
}

/** A stored number as the text of its input (blank when the guard is off). */
export const asInputText = (value: number | null): string => (value === null ? '' : String(value));
