import type { SignupForm } from '../../rules/signup.rules';
import type { LoginRpcReply } from './identity.rpc';

export const IdentitySignupRpc = {
  checkUsername: 'rpc.identity.usernames.check',
  checkPhone: 'rpc.identity.phone-numbers.check',
  register: 'rpc.identity.users.register',
} as const;

export interface CheckUsernameRpcRequest {
  username: string;
}
export interface CheckPhoneRpcRequest {
  phoneNumber: string;
}
export interface AvailabilityRpcReply {
  available: boolean;
  message: string;
}

export type RegisterUserRpcRequest = SignupForm;
/** A new session for the new user, exactly as a login returns it. */
export type RegisterUserRpcReply = LoginRpcReply;
