import type { ValidationError } from 'class-validator';
import { DomainException } from './domain.exception';

export interface ValidationFieldErrors {
  field: string;
  messages: string[];
}

/** class-validator's nested errors as a flat list of dotted field paths (`link.accountIds`) and their messages. */
export function flattenValidationErrors(list: ValidationError[], parent = ''): ValidationFieldErrors[] {
  return list.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/**
 * The code a rule gives with `context: { code }` (a refusal the web app branches on, such as RISKS_NOT_CONFIRMED),
 * for the first rule broken, in the order flattenValidationErrors lists them.
 */
function firstRuleCode(list: ValidationError[]): string | null | undefined {
  for (const error of list) {
    if (error.constraints) {
      const rule = Object.keys(error.constraints)[0]!;
      const code = (error.contexts?.[rule] as { code?: unknown } | undefined)?.code;
      return typeof code === 'string' ? code : null;
    }
    const nested = firstRuleCode(error.children ?? []);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * Turns class-validator errors into one 400 whose message is the first rule broken (its documented text), under that
 * rule's own code when it names one, else VALIDATION_FAILED.
 */
export function validationExceptionFactory(errors: ValidationError[]): DomainException {
  const fields = flattenValidationErrors(errors);
  const first = fields[0]?.messages[0] ?? 'Invalid request';
  const code = firstRuleCode(errors);
  return code ? new DomainException(400, code, first, { fields }) : DomainException.badRequest(first, { fields });
}
