import { IsBoolean, IsISO8601, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

/** An admin granted or revoked a user's admin rights (toggle-admin); written only when the role really changed. */
export class UserRoleChangedV1 {
  @IsUUID()
  userId: string;

  @IsBoolean()
  isAdmin: boolean;

  @IsBoolean()
  previousIsAdmin: boolean;

  @IsUUID()
  changedByUserId: string;

  @IsISO8601()
  changedAt: string;
}

export const UserRoleChanged = defineCataloguedEvent(UserRoleChangedV1, {
  type: 'UserRoleChanged',
  version: 1,
  subject: 'events.identity.user.role-changed.v1',
  producer: 'identity',
});
