import { BadRequestException, ParseUUIDPipe, type PipeTransform } from '@nestjs/common';
import { BrokerageMessages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { GatewayRequest } from '../auth/authenticated-request';

/** `:userId` path parameters: a uuid, else 400. */
export const UserIdParam = new ParseUUIDPipe({
  exceptionFactory: () => DomainException.badRequest('userId must be a valid id'),
});

/** `:accountId` path parameters: a provider account id (uuid-like), else 400 rather than a provider error. */
export class AccountIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new BadRequestException('accountId must be a valid account id');
    return value;
  }
}

/** The path's userId must be the session's user, whatever headers or bodies claim; checked again by the service. */
export function sessionUserId(request: GatewayRequest, userId: string): string {
  if (!request.user || request.user.id !== userId) throw DomainException.forbidden(BrokerageMessages.ownDataOnly);
  return userId;
}
