import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/cn';
import './table.css';

/**
 * A dense data table. Name it with `aria-label` or a `<caption>`; numeric columns take `numeric` so figures
 * line up on the right. A table wider than the screen scrolls inside its own container (never the page),
 * which is focusable so keyboard users can scroll it too.
 */
export function Table({ className, ...props }: ComponentPropsWithoutRef<'table'>) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className={cn('table', className)} {...props} />
    </div>
  );
}

export function TableHead({ className, numeric, ...props }: ComponentPropsWithoutRef<'th'> & { numeric?: boolean }) {
  return <th scope="col" className={cn('table__head', numeric && 'table__cell--numeric', className)} {...props} />;
}

export function TableCell({ className, numeric, ...props }: ComponentPropsWithoutRef<'td'> & { numeric?: boolean }) {
  return <td className={cn('table__cell', numeric && 'table__cell--numeric', className)} {...props} />;
}
