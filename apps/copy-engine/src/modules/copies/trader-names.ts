import { Logger } from '@nestjs/common';
import {
  IdentityUsersRpc,
  USERS_LOOKUP_MAX,
  type CopyInstanceView,
  type LookupUsersRpcReply,
  type LookupUsersRpcRequest,
} from '@copytrade/contracts';
import type { RpcCallContext, RpcClient } from '@copytrade/nest';

/** A view waits this long for the traders' usernames at most, then answers without them (null). */
export const TRADER_NAMES_TIMEOUT_MS = 500;

/**
 * The traders' usernames on copy views (docs/product.md#entities-and-fields). The copy engine
 * keeps the trader's id only; the username is identity's, asked in one batched lookup on behalf of the caller — the
 * same source traces names owners from. A copy is never held up or failed for a name: when identity does not
 * answer in time, usernames stay null (logged).
 */
export class TraderNames {
  private static readonly logger = new Logger(TraderNames.name);

  constructor(private readonly rpc: RpcClient) {}

  async fill(views: CopyInstanceView[], context: RpcCallContext): Promise<CopyInstanceView[]> {
    const ids = [
      ...new Set(
        views.filter((view) => view.originalTrade.trader.username === null).map((view) => view.originalTrade.trader.id),
      ),
    ];
    if (ids.length === 0) return views;
    const names = new Map<string, string>();
    try {
      const pages: string[][] = [];
      for (let start = 0; start < ids.length; start += USERS_LOOKUP_MAX)
        pages.push(ids.slice(start, start + USERS_LOOKUP_MAX));
      const replies = await Promise.all(
        pages.map((page) =>
          this.rpc.request<LookupUsersRpcRequest, LookupUsersRpcReply>(
            IdentityUsersRpc.lookup,
            { ids: page },
            { requestId: context.requestId, actor: context.actor },
            TRADER_NAMES_TIMEOUT_MS,
          ),
        ),
      );
      for (const { users } of replies) for (const user of users) names.set(user.id, user.username);
    } catch (error) {
      TraderNames.logger.warn(
        { requestId: context.requestId, code: (error as { code?: string }).code, traders: ids.length },
        "Traders' usernames unavailable (identity did not answer): copies answered without them",
      );
      return views;
    }
    return views.map((view) => {
      const trader = view.originalTrade.trader;
      const username = names.get(trader.id);
      if (trader.username !== null || username === undefined) return view;
      return { ...view, originalTrade: { ...view.originalTrade, trader: { ...trader, username } } };
    });
  }
}
