import * as RadixMenu from 'radix-ui/dropdown-menu';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A menu button on Radix UI's DropdownMenu (WAI-ARIA "menu button": arrow keys, Home/End, typeahead,
 * Escape returns focus to the trigger, a click outside closes it).
 */
export interface DropdownMenuProps {
  /** Accessible name of the trigger. It must contain the text the trigger shows (WCAG 2.5.3), e.g. 'Notifications (3)'. */
  label: string;
  /** Accessible name of the open menu; defaults to `label`. */
  menuLabel?: string;
  /** What the trigger shows. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** Extra description of the trigger, e.g. an unread count. */
  triggerDescription?: string;
  menuClassName?: string;
  align?: 'start' | 'end';
  children: ReactNode;
}

export function DropdownMenu({
  label,
  menuLabel,
  trigger,
  triggerClassName,
  triggerDescription,
  menuClassName,
  align = 'end',
  children,
}: DropdownMenuProps) {
  const descriptionId = useId();
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger
        className={cn('menu__trigger', triggerClassName)}
        aria-label={label}
        aria-describedby={triggerDescription ? descriptionId : undefined}
      >
        {trigger}
      </RadixMenu.Trigger>
      {triggerDescription ? (
        <span id={descriptionId} className="sr-only">
          {triggerDescription}
        </span>
      ) : null}
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          loop
          aria-label={menuLabel ?? label}
          // Named by `menuLabel`, not by the trigger (Radix would point aria-labelledby at the trigger).
          aria-labelledby={undefined}
          className={cn('menu__content', menuClassName)}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export function DropdownMenuItem({
  children,
  onSelect,
  className,
  variant = 'default',
}: {
  children: ReactNode;
  /** What choosing the item does; items without it only close the menu (placeholders such as Profile). */
  onSelect?: () => void;
  className?: string;
  variant?: 'default' | 'danger';
}) {
  return (
    <RadixMenu.Item
      className={cn('menu__item', variant === 'danger' && 'menu__item--danger', className)}
      onSelect={onSelect}
    >
      {children}
    </RadixMenu.Item>
  );
}

/** A non-interactive heading inside a menu. */
export function DropdownMenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <RadixMenu.Label className={cn('menu__label', className)}>{children}</RadixMenu.Label>;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="menu__separator" />;
}
