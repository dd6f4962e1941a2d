import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';

/**
 * A menu button (WAI-ARIA "menu button" pattern): the trigger toggles a `role="menu"` popup whose
 * `role="menuitem"` entries are reached with the arrow keys, Home and End. Escape closes it and gives
 * focus back to the trigger; Tab or a click outside closes it.
 */

interface MenuContextValue {
  close: (options?: { restoreFocus?: boolean }) => void;
}

const MenuContext = createContext<MenuContextValue | null>(null);

const ITEM_SELECTOR = '[role="menuitem"]:not([disabled])';

export interface DropdownMenuProps {
  /** Accessible name of the trigger (it may show only an icon). */
  label: string;
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
  trigger,
  triggerClassName,
  triggerDescription,
  menuClassName,
  align = 'end',
  children,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;
  const menuId = `${id}-menu`;
  const descriptionId = `${id}-description`;

  const close = useCallback((options: { restoreFocus?: boolean } = {}) => {
    setOpen(false);
    if (options.restoreFocus) triggerRef.current?.focus();
  }, []);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (initialFocus === 'last' ? list[list.length - 1] : list[0])?.focus();

    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, initialFocus]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setInitialFocus(event.key === 'ArrowUp' ? 'last' : 'first');
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current < 0 ? list.length - 1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close({ restoreFocus: true });
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={cn('menu__trigger', triggerClassName)}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-describedby={triggerDescription ? descriptionId : undefined}
        onClick={() => {
          setInitialFocus('first');
          setOpen((value) => !value);
        }}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {triggerDescription ? (
        <span id={descriptionId} className="sr-only">
          {triggerDescription}
        </span>
      ) : null}
      {open ? (
        <MenuContext.Provider value={{ close }}>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={triggerId}
            className={cn('menu__content', `menu__content--${align}`, menuClassName)}
            onKeyDown={onMenuKeyDown}
          >
            {children}
          </div>
        </MenuContext.Provider>
      ) : null}
    </div>
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
  const menu = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={cn('menu__item', variant === 'danger' && 'menu__item--danger', className)}
      onClick={() => {
        menu?.close({ restoreFocus: !onSelect });
        onSelect?.();
      }}
    >
      {children}
    </button>
  );
}

/** A non-interactive heading inside a menu. */
export function DropdownMenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="presentation" className={cn('menu__label', className)}>
      {children}
    </div>
  );
}

export function DropdownMenuSeparator() {
  return <div role="separator" className="menu__separator" />;
}
