import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  OwnerSellErrorCode,
  OwnerSellMessages,
  REFRESH_BROKERAGE_COST,
  type ConnectionRpcRequest,
  type ListAccountsRpcReply,
  type RefreshBrokerageRpcReply,
  type RefreshConnectionRpcReply,
  type RpcRequest,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient, type RpcCallContext } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { TracesConfig } from '../../../config/traces.config';
import { SyncOwnerTradesUseCase } from '../../owner-trades/use-cases/sync-owner-trades.use-case';
import { requireTraceOwner } from '../../shared/trace-access';
import { OWNER_SELL_BROKERAGE } from '../owner-sell.tokens';
import { giveBackRefreshSlot, takeRefreshSlot } from '../refresh-cooldown';

const connectionNotFound = () =>
  new DomainException(404, OwnerSellErrorCode.CONNECTION_NOT_FOUND, OwnerSellMessages.connectionNotFound, {
    title: OwnerSellMessages.connectionNotFoundTitle,
  });

/**
 * POST /api/trace-owner/{traceId}/refresh-brokerage: the provider's real-time refresh of the owner's connection (the
 * one holding their first account), then a sync of the trace's trades.
 * 1. Owner only (requireTraceOwner).
 * 2. One refresh per owner per REFRESH_BROKERAGE_COOLDOWN_SECONDS, taken atomically in PostgreSQL (every replica):
 *    else 429 REFRESH_RATE_LIMITED with the seconds left.
 * 3. No provider user, account or connection (or a disabled one): 404 'Please reconnect…'; a provider refusal for
 *    credits (402): 402 'Insufficient Credits'. A refusal that certainly cost nothing gives the slot back.
 * 4. The sync after it: when the brokerage cannot be read just now, the refresh still succeeded (and was paid), so
 *    the answer says the trades follow at the next sync.
 * `cost` is what the provider charges: $0.05 at SnapTrade, 0 on the paper broker, said in the message.
 */
@Injectable()
export class RefreshBrokerageUseCase {
  private readonly logger = new Logger(RefreshBrokerageUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(OWNER_SELL_BROKERAGE) private readonly brokerage: RpcClient,
    @Inject(SyncOwnerTradesUseCase) private readonly sync: SyncOwnerTradesUseCase,
    @Inject(TracesConfig) private readonly config: TracesConfig,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<{ traceId: string }>): Promise<RefreshBrokerageRpcReply> {
    const trace = await requireTraceOwner(this.dataSource.manager, payload.traceId, actor);
    const context: RpcCallContext = { requestId, actor };
    const slot = await takeRefreshSlot(
      this.dataSource.manager,
      trace.ownerUserId,
      this.config.REFRESH_BROKERAGE_COOLDOWN_SECONDS,
    );
    if (!slot.taken)
      throw new DomainException(
        429,
        OwnerSellErrorCode.REFRESH_RATE_LIMITED,
        OwnerSellMessages.refreshRateLimited(slot.retryAfterSeconds),
        { retryAfterSeconds: slot.retryAfterSeconds, retryAfter: slot.retryAfterSeconds },
      );

    let refreshed: RefreshConnectionRpcReply;
    try {
      const connectionId = await this.firstConnection(trace.ownerUserId, context);
      refreshed = await this.brokerage.request<ConnectionRpcRequest, RefreshConnectionRpcReply>(
        BrokerageRpc.refreshConnection,
        { userId: trace.ownerUserId, connectionId },
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      );
    } catch (error) {
      const refusal = this.refusalOf(error);
      // A certain refusal (a 4xx) cost nothing: the owner may try again at once. A timeout or 5xx may have reached
      // the provider (and been charged), so the slot stays taken.
      if (refusal.status < 500) await giveBackRefreshSlot(this.dataSource.manager, trace.ownerUserId, slot.refreshedAt);
      throw refusal;
    }

    let message = refreshed.charged ? OwnerSellMessages.refreshedCharged : OwnerSellMessages.refreshedFree;
    try {
      await this.sync.execute(trace, context);
    } catch (error) {
      if (!(error instanceof DomainException) || (error.status < 500 && error.status !== 429)) throw error;
      this.logger.warn(
        { requestId, traceId: trace.id, code: error.code },
        'Refresh done; the sync after it could not read the brokerage',
      );
      message += OwnerSellMessages.refreshedSyncLater;
    }
    return { message, cost: refreshed.charged ? REFRESH_BROKERAGE_COST : 0 };
  }

  /** The connection of the owner's first account (the only one the product uses); 404 without one. */
  private async firstConnection(userId: string, context: RpcCallContext): Promise<string> {
    const { accounts } = await this.brokerage.request<UserScopedRpcRequest, ListAccountsRpcReply>(
      BrokerageRpc.listAccounts,
      { userId },
      context,
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
    const connectionId = accounts[0]?.connection_id;
    if (!connectionId) throw connectionNotFound();
    return connectionId;
  }

  private refusalOf(error: unknown): DomainException {
    if (!(error instanceof DomainException)) throw error;
    switch (error.code) {
      case BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED:
      case BrokerageErrorCode.CONNECTION_NOT_FOUND:
      case BrokerageErrorCode.CONNECTION_DISABLED:
      case BrokerageErrorCode.ACCOUNT_NOT_FOUND:
      case OwnerSellErrorCode.CONNECTION_NOT_FOUND:
        return connectionNotFound();
    }
    if (error.status === 402)
      return new DomainException(402, OwnerSellErrorCode.INSUFFICIENT_CREDITS, OwnerSellMessages.insufficientCredits, {
        title: OwnerSellMessages.insufficientCreditsTitle,
      });
    return error;
  }
}
