import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';

export type SwitchProps = Omit<ComponentPropsWithRef<'button'>, 'role' | 'onChange' | 'value'> & {
  checked: boolean;
  /** Called with the value the user asked for; the owner decides whether `checked` follows. */
  onCheckedChange?: (checked: boolean) => void;
};

/** An on/off switch (WAI-ARIA `switch`): a button, so Space and Enter toggle it. Name it with aria-label(ledby). */
export function Switch({ checked, onCheckedChange, className, onClick, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      className={cn('switch', className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}
