import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  type AccountScopedRpcRequest,
  type ListAccountsRpcReply,
  type ListOrdersRpcReply,
  type ListPositionsRpcReply,
  type OrderView,
  type PositionView,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { DomainException, type RpcCallContext, type RpcClient } from '@copytrade/nest';

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
    const [{ positions }, { orders }] = await Promise.all([
      this.rpc.request<AccountScopedRpcRequest, ListPositionsRpcReply>(
        BrokerageRpc.listPositions,
        request,
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      ),
      this.rpc.request<AccountScopedRpcRequest, ListOrdersRpcReply>(
        BrokerageRpc.listOrders,
        request,
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      ),
    ]);
    return { accountId: account.id, positions, orders };
  }
}
