import { defineEvent } from '../event-envelope';

/** A beta user created an account through signup (not the seeded admin or demo users). */
export interface UserRegisteredV1 {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  registeredAt: string;
}

export const UserRegistered = defineEvent<UserRegisteredV1>({
  type: 'UserRegistered',
  version: 1,
  subject: 'events.identity.user.registered.v1',
  producer: 'identity',
});
