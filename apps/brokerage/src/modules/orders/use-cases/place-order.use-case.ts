import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  isOrderRuleError,
  normalizeMarketOrder,
  type NormalizedMarketOrder,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { OwnedAccounts } from '../../accounts/owned-accounts.service';
import { ProviderUsers } from '../../connections/provider-users.service';
import { easternDate } from '../../paper/market-hours';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { ProviderError } from '../../provider/provider.error';
import { toDomainException } from '../../provider/provider-error.mapper';
import type { ProviderUserCredentials } from '../../provider/provider.types';
import type { OrderIntentEntity } from '../entities/order-intent.entity';
import { toPlacedOrderView } from '../mappers/placed-order.mapper';
import { orderFingerprint, REQUEST_ID_PATTERN } from '../order-fingerprint';
import { OrderIntentsStore } from '../order-intents.store';
import { OrderReconciler } from '../order-reconciler.service';

/**
 * Places a market order at most once per (user, request id). The intent is committed as SUBMITTING before
 * the provider is called; the provider's answer settles it; a timeout or crash leaves it UNKNOWN for the
 * reconciler, which looks for the order at the provider and never places it again.
 * A repeated id with the same order gets the first result, with another order 422, while in flight 409.
 */
@Injectable()
export class PlaceOrderUseCase {
  private readonly logger = new Logger(PlaceOrderUseCase.name);

  constructor(
    private readonly intents: OrderIntentsStore,
    private readonly providerUsers: ProviderUsers,
    private readonly owned: OwnedAccounts,
    private readonly reconciler: OrderReconciler,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(request: PlaceOrderRpcRequest, correlationId: string): Promise<PlaceOrderRpcReply> {
    if (request.requireProvider && request.requireProvider !== this.provider.name)
      throw DomainException.notFound(BrokerageMessages.paperBrokerOnly, BrokerageErrorCode.PAPER_BROKER_ONLY);
    if (typeof request.requestId !== 'string' || !REQUEST_ID_PATTERN.test(request.requestId))
      throw new DomainException(400, BrokerageErrorCode.REQUEST_ID_REQUIRED, BrokerageMessages.requestIdRequired);
    const order = normalizeMarketOrder(request.order, easternDate(new Date()));
    if (isOrderRuleError(order)) throw new DomainException(400, order.code, order.message);
    const fingerprint = orderFingerprint(request.accountId ?? null, order);

    const seen = await this.intents.find(request.userId, request.requestId);
    if (seen) return this.replay(seen, fingerprint);

    const { credentials } = await this.providerUsers.require(request.userId);
    const accountId = request.accountId ?? (await this.owned.primary(request.userId, correlationId));
    await this.owned.assertOwned(request.userId, accountId, correlationId);
    const claim = await this.intents.claim({
      userId: request.userId,
      requestId: request.requestId,
      fingerprint,
      accountId,
      provider: this.provider.name,
      order,
    });
    if (!claim.created) return this.replay(claim.intent, fingerprint);
    return { order: toPlacedOrderView(await this.submit(claim.intent, credentials, order)), replayed: false };
  }

  private async submit(
    intent: OrderIntentEntity,
    credentials: ProviderUserCredentials,
    order: NormalizedMarketOrder,
  ): Promise<OrderIntentEntity> {
    let placed;
    try {
      placed = await this.provider.placeMarketOrder(credentials, {
        accountId: intent.accountId,
        clientOrderId: intent.clientOrderId,
        order,
      });
    } catch (error) {
      return this.onFailure(intent, error);
    }
    this.logger.log(
      {
        intentId: intent.id,
        requestId: intent.requestId,
        brokerageOrderId: placed.brokerageOrderId,
        status: placed.status,
      },
      'Order placed',
    );
    return this.intents.settle(intent.id, placed);
  }

  private async onFailure(intent: OrderIntentEntity, error: unknown): Promise<OrderIntentEntity> {
    if (error instanceof ProviderError && error.outcome === 'not-placed') {
      const refusal = toDomainException(error);
      if (error.kind === 'RATE_LIMITED') {
        // Nothing reached the provider: free the id so the client's retry after Retry-After is a new attempt.
        await this.intents.release(intent.id);
      } else {
        await this.intents.reject(intent.id, refusal.toPayload());
      }
      this.logger.warn({ intentId: intent.id, requestId: intent.requestId, kind: error.kind }, 'Order refused');
      throw refusal;
    }
    this.logger.error(
      {
        intentId: intent.id,
        requestId: intent.requestId,
        kind: error instanceof ProviderError ? error.kind : 'internal',
      },
      'Order outcome unknown; reconciliation will look for it',
    );
    return this.intents.markUnknown(intent.id);
  }

  private async replay(intent: OrderIntentEntity, fingerprint: string): Promise<PlaceOrderRpcReply> {
    if (intent.fingerprint !== fingerprint)
      throw new DomainException(422, BrokerageErrorCode.IDEMPOTENCY_KEY_REUSED, BrokerageMessages.requestIdReused);
    if (intent.state === 'SUBMITTING')
      throw new DomainException(409, BrokerageErrorCode.ORDER_IN_FLIGHT, BrokerageMessages.orderInFlight);
    const current = intent.state === 'UNKNOWN' ? await this.reconciler.reconcile(intent.id) : intent;
    if (current.state === 'REJECTED' && current.error)
      throw new DomainException(current.error.status, current.error.code, current.error.message, current.error.details);
    return { order: toPlacedOrderView(current), replayed: true };
  }
}
