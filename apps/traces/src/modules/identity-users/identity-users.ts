import { Logger } from '@nestjs/common';
import {
  IdentityErrorCode,
  IdentityUsersRpc,
  TracesMessages,
  USERS_LOOKUP_MAX,
  type LookupUsersRpcRequest,
  type LookupUsersRpcReply,
  type UserRefView,
} from '@copytrade/contracts';
import { DomainException, type RpcCallContext, type RpcClient } from '@copytrade/nest';

/** A read waits this long for owners' names at most, then answers without them. */
export const OWNER_NAMES_TIMEOUT_MS = 1_000;

/**
 * The users identity owns, as the traces service needs them (request/reply on behalf of the caller's actor):
 * - `requireUser` before a write that names an owner: 404 USER_NOT_FOUND when no user has the id; when identity
 *   does not answer, its 503 goes back and nothing is written (a trace is never given an unchecked owner);
 * - `ownersOf` for views: one batched lookup per request. A read must still answer when identity is slow or
 *   down, so a failure gives an empty map (usernames null) after at most OWNER_NAMES_TIMEOUT_MS, logged.
 */
export class IdentityUsers {
  private readonly logger = new Logger(IdentityUsers.name);

  constructor(private readonly rpc: RpcClient) {}

  async requireUser(userId: string, context: RpcCallContext): Promise<UserRefView> {
    const { users } = await this.lookup([userId], context);
    const user = users.find((candidate) => candidate.id === userId);
    if (!user) throw DomainException.notFound(TracesMessages.ownerNotFound, IdentityErrorCode.USER_NOT_FOUND);
    return user;
  }

  async ownersOf(ids: string[], context: RpcCallContext): Promise<Map<string, UserRefView>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    try {
      const pages: string[][] = [];
      for (let start = 0; start < unique.length; start += USERS_LOOKUP_MAX)
        pages.push(unique.slice(start, start + USERS_LOOKUP_MAX));
      const replies = await Promise.all(pages.map((page) => this.lookup(page, context, OWNER_NAMES_TIMEOUT_MS)));
      return new Map(replies.flatMap(({ users }) => users.map((user) => [user.id, user] as const)));
    } catch (error) {
      this.logger.warn(
        { requestId: context.requestId, code: (error as { code?: string }).code, owners: unique.length },
        "Owners' usernames unavailable (identity did not answer): the trace is answered without them",
      );
      return new Map();
    }
  }

  private lookup(ids: string[], context: RpcCallContext, timeoutMs?: number): Promise<LookupUsersRpcReply> {
    return this.rpc.request<LookupUsersRpcRequest, LookupUsersRpcReply>(
      IdentityUsersRpc.lookup,
      { ids },
      { requestId: context.requestId, actor: context.actor },
      timeoutMs,
    );
  }
}
