import { Logger } from '@nestjs/common';
import {
  IdentityUsersRpc,
  USERS_LOOKUP_MAX,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
  type UserRefView,
} from '@copytrade/contracts';
import type { RpcCallContext, RpcClient } from '@copytrade/nest';

const logger = new Logger('IdentityUsersLookup');

/**
 * Usernames and e-mails (admins' calls get e-mails) of the users an admin list names. A list stays readable when
 * identity does not answer: its people are then shown without names (null), and the failure is logged.
 */
export async function lookUpUsers(
  identity: RpcClient,
  ids: Iterable<string>,
  context: RpcCallContext,
): Promise<Map<string, UserRefView>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, UserRefView>();
  try {
    for (let start = 0; start < unique.length; start += USERS_LOOKUP_MAX) {
      const { users } = await identity.request<LookupUsersRpcRequest, LookupUsersRpcReply>(
        IdentityUsersRpc.lookup,
        { ids: unique.slice(start, start + USERS_LOOKUP_MAX) },
        context,
      );
      for (const user of users) found.set(user.id, user);
    }
  } catch (error) {
    logger.warn({ err: error, requestId: context.requestId }, 'Identity did not answer the user lookup');
  }
  return found;
}
