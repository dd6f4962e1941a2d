import { useState, type ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * A password input with a show/hide toggle. The toggle is named "Show {what}" / "Hide {what}"
 * (`what` defaults to "password") so two such fields on one form stay distinguishable.
 */
export function PasswordInput({
  id,
  className,
  toggleLabel = 'password',
  ...props
}: Omit<ComponentPropsWithRef<'input'>, 'type'> & { id: string; toggleLabel?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input id={id} type={visible ? 'text' : 'password'} className={cn('input', className)} {...props} />
      <button
        type="button"
        className="input-group__button"
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleLabel}`}
        aria-controls={id}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
