import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant = 'default' | 'new' | 'success' | 'warning' | 'danger' | 'muted';

export function Badge({
  variant = 'default',
  className,
  ...props
}: ComponentPropsWithoutRef<'span'> & { variant?: BadgeVariant }) {
  return <span className={cn('badge', `badge--${variant}`, className)} {...props} />;
}
