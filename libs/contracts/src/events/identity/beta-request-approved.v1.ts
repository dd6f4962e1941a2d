import { IsEmail, IsISO8601, IsNotEmpty, IsString, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

/** An admin approved a waiting beta request; a beta code was issued to the address. For the admin audit log. */
export class BetaRequestApprovedV1 {
  @IsString()
  @IsNotEmpty()
  betaRequestId: string;

  @IsEmail()
  email: string;

  @IsUUID()
  approvedByUserId: string;

  @IsISO8601()
  approvedAt: string;
}

export const BetaRequestApproved = defineCataloguedEvent(BetaRequestApprovedV1, {
  type: 'BetaRequestApproved',
  version: 1,
  subject: 'events.identity.beta-request.approved.v1',
  producer: 'identity',
});
