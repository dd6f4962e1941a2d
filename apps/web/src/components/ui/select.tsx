import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native <select> in the app's look: the browser gives it full keyboard and screen-reader support.
 * `placeholder` adds a first, unselectable empty option shown until the user picks one.
 */
export function Select({
  options,
  placeholder,
  className,
  ...props
}: Omit<ComponentPropsWithRef<'select'>, 'children'> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <div className="select">
      <select className={cn('input select__control', className)} {...props}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <svg className="select__chevron" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 9l6 6 6-6"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
