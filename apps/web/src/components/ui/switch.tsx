import * as RadixSwitch from 'radix-ui/switch';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';

export type SwitchProps = Omit<ComponentPropsWithRef<typeof RadixSwitch.Root>, 'checked' | 'onCheckedChange'> & {
  checked: boolean;
  /** Called with the value the user asked for; the owner decides whether `checked` follows. */
  onCheckedChange?: (checked: boolean) => void;
};

/** An on/off switch on Radix UI's Switch (`role="switch"`, Space and Enter toggle). Name it with aria-label(ledby). */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      className={cn('switch', className)}
      {...props}
    >
      <RadixSwitch.Thumb className="switch__thumb" />
    </RadixSwitch.Root>
  );
}
