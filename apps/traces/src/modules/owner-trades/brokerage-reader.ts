import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  ORDERS_PAGE_MAX,
  type AccountScopedRpcRequest,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListOrdersRpcRequest,
  type ListPositionsRpcReply,
  type OrderView,
  type PositionView,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { DomainException, type RpcCallContext, type RpcClient } from '@copytrade/nest';

/** The most orders a sync reads (the newest): 40 pages. */
export const SYNC_ORDERS_MAX = 20_000;

/** What a sync reads of the owner's first brokerage account. */
export interface BrokerageSnapshot {
  accountId: string;
  positions: PositionView[];
  orders: OrderView[];
}

/**
 * The owner's brokerage as the traces service reads it: request/reply to the brokerage service on behalf of the
 * owner (the brokerage refuses a user that is not the actor). Null when the owner has no brokerage to read
 * (not registered with the provider, or no account).
 */
export class BrokerageReader {
  constructor(private readonly rpc: RpcClient) {}

  async firstAccount(userId: string, context: RpcCallContext): Promise<BrokerageSnapshot | null> {
    let accounts: ListAccountsRpcReply['accounts'];
    try {
      ({ accounts } = await this.rpc.request<UserScopedRpcRequest, ListAccountsRpcReply>(
        BrokerageRpc.listAccounts,
        { userId },
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      ));
    } catch (error) {
      if (error instanceof DomainException && error.code === BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED)
        return null;
      throw error;
    }
    const account = accounts[0];
    if (!account) return null;
    const request = { userId, accountId: account.id };
    const [{ positions }, orders] = await Promise.all([
      this.rpc.request<AccountScopedRpcRequest, ListPositionsRpcReply>(
        BrokerageRpc.listPositions,
        request,
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      ),
      this.allOrders(request, context),
    ]);
    return { accountId: account.id, positions, orders };
  }

  /**
   * Every order the brokerage lists (its last 30 days), a page of ORDERS_PAGE_MAX at a time — one reply of a long
   * history would pass NATS's 1 MB max_payload — newest first, up to SYNC_ORDERS_MAX: older orders than that
   * only explain positions the sync then keeps as position trades.
   */
  private async allOrders(request: AccountScopedRpcRequest, context: RpcCallContext): Promise<OrderView[]> {
    const orders: OrderView[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.rpc.request<ListOrdersRpcRequest, ListOrdersRpcReply>(
        BrokerageRpc.listOrders,
        { ...request, cursor, limit: ORDERS_PAGE_MAX },
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      );
      for (const order of page.orders) orders.push(order);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && orders.length < SYNC_ORDERS_MAX);
    return orders.slice(0, SYNC_ORDERS_MAX);
  }
}
