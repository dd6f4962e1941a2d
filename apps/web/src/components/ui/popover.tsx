import * as RadixPopover from 'radix-ui/popover';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A non-modal popover on Radix UI's Popover: `trigger` is one focusable element (rendered as is), Escape
 * and a click outside close it and focus returns to the trigger.
 */
export function Popover({
  trigger,
  children,
  open,
  onOpenChange,
  label,
  className,
  side = 'bottom',
  align = 'center',
}: {
  trigger: ReactNode;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Accessible name of the popover panel. */
  label?: string;
  className?: string;
  side?: ComponentPropsWithRef<typeof RadixPopover.Content>['side'];
  align?: ComponentPropsWithRef<typeof RadixPopover.Content>['align'];
}) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-label={label}
          className={cn('popover', className)}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** A button inside a popover that closes it (e.g. Cancel). */
export const PopoverClose = RadixPopover.Close;
