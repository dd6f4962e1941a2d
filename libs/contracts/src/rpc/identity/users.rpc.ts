/**
 * Users as other services need them, on behalf of the signed-in actor: the traces service checks that a new
 * trace owner exists and shows owners' usernames. Only admins' calls get e-mail addresses (null otherwise).
 */
export const IdentityUsersRpc = {
  lookup: 'rpc.identity.users.lookup',
} as const;

/** Ids per lookup: one page of the admin's trace list at most. */
export const USERS_LOOKUP_MAX = 100;

export interface LookupUsersRpcRequest {
  ids: string[];
}
export interface UserRefView {
  id: string;
  username: string;
  /** Only when the actor is an admin. */
  email: string | null;
}
/** The users that exist among the ids asked for (an unknown id is simply absent). */
export interface LookupUsersRpcReply {
  users: UserRefView[];
}
