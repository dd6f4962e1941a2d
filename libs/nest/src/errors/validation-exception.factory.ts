import type { ValidationError } from 'class-validator';
import { DomainException } from './domain.exception';

/** Turns class-validator errors into one 400 whose message is the first rule broken (the seeds' text). */
export function validationExceptionFactory(errors: ValidationError[]): DomainException {
  const flatten = (list: ValidationError[], parent = ''): { field: string; messages: string[] }[] =>
    list.flatMap((error) => {
      const field = parent ? `${parent}.${error.property}` : error.property;
      const own = error.constraints ? [{ field, messages: Object.values(error.constraints) }] : [];
      return [...own, ...flatten(error.children ?? [], field)];
    });
  const fields = flatten(errors);
  const first = fields[0]?.messages[0] ?? 'Invalid request';
  return DomainException.badRequest(first, { fields });
}
