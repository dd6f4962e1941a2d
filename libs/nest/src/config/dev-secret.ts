import { ValidateBy, type ValidationArguments } from 'class-validator';

/**
 * Refuses, in production only, a secret left at its publicly known development value (the default outside
 * production, so `npm start` and the tests need no setup).
 */
export function IsNotDevSecretInProduction(devValue: string): PropertyDecorator {
  return ValidateBy({
    name: 'isNotDevSecretInProduction',
    validator: {
      // A list (keys during a rotation) is refused when any of its items is the development value.
      validate: (value: unknown, args?: ValidationArguments) =>
        (args?.object as { NODE_ENV?: string } | undefined)?.NODE_ENV !== 'production' ||
        typeof value !== 'string' ||
        !value.split(',').includes(devValue),
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} is the development value, which is public: set your own in production (docs/security.md)`,
    },
  });
}
