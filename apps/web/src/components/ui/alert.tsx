import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

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
    <div id={id} role={variant === 'error' ? 'alert' : 'status'} className={cn('alert', `alert--${variant}`, className)}>
      {icon ? <span className="alert__icon">{icon}</span> : null}
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
      </div>
    </div>
  );
}
