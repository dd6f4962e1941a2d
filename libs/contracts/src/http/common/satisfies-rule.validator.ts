import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * A class-validator decorator that runs one of the shared rule functions of `rules/` (value → message or
 * null), so a DTO answers with exactly the message the web form shows, in the rule's own order.
 */
export function SatisfiesRule(rule: (value: unknown) => string | null, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'satisfiesRule',
      validator: {
        validate: (value: unknown) => rule(value) === null,
        defaultMessage: (args) => rule(args?.value) ?? 'Invalid value',
      },
    },
    options,
  );
}

/** Trims string input before validation (e-mails, codes, tokens). */
export const trimString = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
