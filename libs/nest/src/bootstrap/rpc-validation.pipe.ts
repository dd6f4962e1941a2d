import { ValidationPipe } from '@nestjs/common';
import { validationExceptionFactory } from '../errors/validation-exception.factory';
import { cacheValidationMetadata } from '../validation/validation-metadata-cache';

/**
 * Validates every handler argument typed with a class (the RPC envelopes of `rpcCallOf` in contracts):
 * unknown fields are stripped, values become the DTO class, and a malformed request is answered with the
 * standard 400 (VALIDATION_FAILED) by the RPC error filter instead of failing inside the handler.
 */
export function rpcValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    exceptionFactory: validationExceptionFactory,
  });
}
