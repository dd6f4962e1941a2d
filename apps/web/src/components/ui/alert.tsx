import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CheckIcon } from './icons';

export type AlertVariant = 'error' | 'success' | 'warning' | 'info';

/**
 * A message block. Errors are `role="alert"` (announced at once); the others are `role="status"`
 * (announced politely). Give `title` for a bold first line.
 */
export function Alert({
  variant = 'info',
  title,
  children,
  className,
  id,
  icon,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
  icon?: ReactNode;
}) {
  return (
    <div
      id={id}
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('alert', `alert--${variant}`, className)}
    >
      {icon ? <span className="alert__icon">{icon}</span> : null}
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
      </div>
    </div>
  );
}

/** A green confirmation with the check mark. */
export function SuccessAlert({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  return (
    <Alert variant="success" icon={<CheckIcon size={16} />} title={title}>
      {children}
    </Alert>
  );
}

/** What a form's last submit came to: a server answer or a refusal. */
export type FormOutcome = { kind: 'success' | 'error'; message: string } | null;

/** Shows a form's outcome: the error alert, or the success alert (with `successTitle`), or nothing. */
export function OutcomeAlert({ outcome, successTitle }: { outcome: FormOutcome; successTitle?: ReactNode }) {
  if (!outcome) return null;
  return outcome.kind === 'error' ? (
    <Alert variant="error">{outcome.message}</Alert>
  ) : (
    <SuccessAlert title={successTitle}>{outcome.message}</SuccessAlert>
  );
}

/** A save's outcome in an Alert under its button (here, not in lib/, so no route loads a chunk more for it): success clears after 3 s, an error after 5 s (docs/product.md#settings). */
export const SAVED_MESSAGE_MS = 3000;
export const ERROR_MESSAGE_MS = 5000;

export type SaveMessage = { kind: 'success' | 'error'; text: string } | null;

/** The message shown after a save, cleared after SAVED_MESSAGE_MS or ERROR_MESSAGE_MS. */
export function useSaveMessage() {
  const [message, setMessage] = useState<SaveMessage>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), message.kind === 'success' ? SAVED_MESSAGE_MS : ERROR_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

/** The save's message (useSaveMessage) under its button: a green confirmation, or the error. */
export function SaveMessageAlert({ message }: { message: SaveMessage }) {
  if (!message) return null;
  return message.kind === 'success' ? (
    <SuccessAlert>{message.text}</SuccessAlert>
  ) : (
    <Alert variant="error">{message.text}</Alert>
  );
}
