import { QueryFailedError } from 'typeorm';

/** The name of the unique index a write collided with, or undefined when the error is something else. */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? '') : undefined;
}
