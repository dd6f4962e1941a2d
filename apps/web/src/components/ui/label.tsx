import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: ComponentPropsWithoutRef<'label'>) {
  return <label className={cn('field__label', className)} {...props} />;
}

/** A field: label on top, the control, then an optional hint or error line (linked with aria-describedby by the caller). */
export function Field({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('field', className)}>{children}</div>;
}

export type FieldHintTone = 'muted' | 'success' | 'error';

/** A line under a control. `live` announces changes politely (availability hints). */
export function FieldHint({
  id,
  tone = 'muted',
  live = false,
  children,
}: {
  id?: string;
  tone?: FieldHintTone;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <p id={id} className={cn('field__hint', `field__hint--${tone}`)} aria-live={live ? 'polite' : undefined}>
      {children}
    </p>
  );
}
