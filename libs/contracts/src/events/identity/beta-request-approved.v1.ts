import { defineEvent } from '../event-envelope';

/** An admin approved a waiting beta request; a beta code was issued to the address. For the admin audit log. */
export interface BetaRequestApprovedV1 {
  betaRequestId: string;
  email: string;
  approvedByUserId: string;
  approvedAt: string;
}

export const BetaRequestApproved = defineEvent<BetaRequestApprovedV1>({
  type: 'BetaRequestApproved',
  version: 1,
  subject: 'events.identity.beta-request.approved.v1',
  producer: 'identity',
});
