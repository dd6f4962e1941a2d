import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { TitledCard } from './card';

/**
 * The narrow card of the public auth pages (sign in, password reset, beta code, signup): a titled header
 * with a one-line description, then the form. `wide` for the signup form.
 */
export function AuthCard({
  wide = false,
  className,
  ...props
}: ComponentProps<typeof TitledCard> & { wide?: boolean }) {
  return <TitledCard className={cn('auth-card', wide && 'auth-card--wide', className)} {...props} />;
}
