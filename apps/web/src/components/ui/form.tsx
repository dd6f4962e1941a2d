import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';
import { Input } from './input';
import { Field, Label } from './label';

/** The e-mail field of the public forms: "Email" label and an e-mail input with the browser's e-mail check. */
export function EmailField({
  id,
  value,
  onValueChange,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Field>
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </Field>
  );
}

/** A form's full-width primary submit button; while `pending` it is disabled and reads `pendingText`. */
export function SubmitButton({
  pending,
  pendingText,
  children,
}: {
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="primary" size="lg" className="form__submit" disabled={pending}>
      {pending ? pendingText : children}
    </Button>
  );
}

/** The line under a form that points elsewhere: "Remembered it? Back to sign in". */
export function FormFooterLink({ prompt, to, children }: { prompt: ReactNode; to: string; children: ReactNode }) {
  return (
    <p className="form__footer">
      {prompt}{' '}
      <Link to={to} className="text-link">
        {children}
      </Link>
    </p>
  );
}
