import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';

/** A text input in the app's look. Name it with a <Label htmlFor> (or aria-label). */
export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input className={cn('input', className)} {...props} />;
}

/** A multi-line text input. */
export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return <textarea className={cn('input textarea', className)} {...props} />;
}
