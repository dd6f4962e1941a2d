// One Radix package per primitive (subpath imports): tests and dev load only what is used.
import * as RadixDialog from 'radix-ui/dialog';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';

/**
 * A modal dialog on Radix UI's Dialog (focus trap, Escape, outside click, scroll lock, focus return, portal),
 * named by its title and described by its description. Focus goes to the first field, or to
 * `initialFocusSelector` when given.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  initialFocusSelector,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** CSS selector of the element to focus first (inside the dialog). */
  initialFocusSelector?: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        {/* The content sits inside the overlay so a tall dialog scrolls within the viewport. */}
        <RadixDialog.Overlay className="dialog__backdrop">
          <RadixDialog.Content
            className={cn('dialog', className)}
            // Without a description, say so explicitly (Radix otherwise points at a missing element).
            {...(description ? {} : { 'aria-describedby': undefined })}
            onCloseAutoFocus={returnFocus.onCloseAutoFocus}
            onOpenAutoFocus={(event) => {
              returnFocus.onOpenAutoFocus();
              if (!initialFocusSelector) return;
              const target = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(initialFocusSelector);
              if (!target) return;
              event.preventDefault();
              target.focus();
            }}
          >
            <div className="dialog__header">
              <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <div className="dialog__body">{children}</div>
            {/* Last in the DOM so Tab reaches the fields first; shown top right. */}
            <RadixDialog.Close className="dialog__close" aria-label="Close">
              <CloseIcon size={16} />
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The button row at the bottom of a dialog (put it inside the dialog's form so Enter submits). */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('dialog__footer', className)}>{children}</div>;
}
