import * as RadixSelect from 'radix-ui/select';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<
  ComponentPropsWithRef<typeof RadixSelect.Trigger>,
  'children' | 'value' | 'defaultValue' | 'onChange' | 'dir'
> & {
  options: readonly SelectOption[];
  /** Shown while `value` is '' (nothing chosen yet). */
  placeholder?: string;
  value: string;
  onValueChange: (value: string) => void;
  name?: string;
  required?: boolean;
};

/**
 * A select on Radix UI's Select (WAI-ARIA combobox + listbox: arrow keys, typeahead, Escape), in the app's
 * look. `id` goes on the trigger, so a `<Label htmlFor>` names it.
 */
export function Select({
  options,
  placeholder,
  className,
  value,
  onValueChange,
  name,
  required,
  disabled,
  ...triggerProps
}: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} name={name} required={required} disabled={disabled}>
      <RadixSelect.Trigger className={cn('input select__trigger', className)} {...triggerProps}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select__chevron">
          <ChevronDownIcon size={14} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select__content" position="popper" sideOffset={4} collisionPadding={8}>
          <RadixSelect.Viewport className="select__viewport">
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="select__item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="select__indicator">
                  <CheckIcon size={14} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
