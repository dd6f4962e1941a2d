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

/** Turns class-validator errors into one 400 whose message is the first rule broken (the seeds' text). */
export function validationExceptionFactory(errors: ValidationError[]): DomainException {
  const fields = flattenValidationErrors(errors);
  const first = fields[0]?.messages[0] ?? 'Invalid request';
  return DomainException.badRequest(first, { fields });
}
