import { IsEmail, IsISO8601, IsNotEmpty, IsString, IsUUID } from 'class-validator';
import { defineCataloguedEvent } from '../catalogued-event';

/** A beta user created an account through signup (not the seeded admin or demo users). */
export class UserRegisteredV1 {
  @IsUUID()
  userId: string;

  @IsString()
  @IsNotEmpty()
  username: string;

  @IsEmail()
  email: string;

  @IsString()
  firstName: string;

  @IsString()
  lastName: string;

  @IsISO8601()
  registeredAt: string;
}

export const UserRegistered = defineCataloguedEvent(UserRegisteredV1, {
  type: 'UserRegistered',
  version: 1,
  subject: 'events.identity.user.registered.v1',
  producer: 'identity',
});
