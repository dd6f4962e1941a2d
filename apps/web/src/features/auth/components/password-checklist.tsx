import { checkPasswordRules } from '@copytrade/contracts/rules';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/**
 * The live checklist of the five password rules (docs/product.md#sign-in-and-password-reset), updated as the user
 * types.
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const rules = checkPasswordRules(password);
  return (
    <ul id={id} className="password-checklist" aria-label="Password requirements">
      {rules.map((rule) => (
        <li key={rule.id} className={cn('password-checklist__item', rule.met && 'is-met')}>
          <span className="password-checklist__mark" aria-hidden="true">
            {rule.met ? <CheckIcon size={12} /> : <span className="password-checklist__dot" />}
          </span>
          {rule.label}
          <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
