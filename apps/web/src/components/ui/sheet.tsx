import * as RadixDialog from 'radix-ui/dialog';
import * as VisuallyHidden from 'radix-ui/visually-hidden';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './use-return-focus';

/**
 * A panel sliding in from the left edge (the phone navigation drawer): a Radix modal Dialog, so focus is
 * trapped inside, Escape and a click outside close it, and focus returns to the button that opened it.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
  className,
  id,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the panel (not shown). */
  title: string;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="sheet__backdrop" />
        <RadixDialog.Content
          id={id}
          className={cn('sheet', className)}
          aria-describedby={undefined}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <VisuallyHidden.Root asChild>
            <RadixDialog.Title>{title}</RadixDialog.Title>
          </VisuallyHidden.Root>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
