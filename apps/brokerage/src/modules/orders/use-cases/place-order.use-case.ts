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
import { BrokerageConfig } from '../../../config/brokerage.config';
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
 * The caller always gets an answer before its own timeout: past the reply deadline the intent is returned as
 * it stands (in flight, outcome unknown) while the placement goes on and settles it.
 *
 * Two ids, never mixed: `request.requestId` is the client's idempotency key (X-Request-ID); `traceId` is
 * the id of this one HTTP call's log trail (a retry has the same key and a new trace id).
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
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  async execute(request: PlaceOrderRpcRequest, traceId: string): Promise<PlaceOrderRpcReply> {
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
    const accountId = request.accountId ?? (await this.owned.primary(request.userId, traceId));
    await this.owned.assertOwned(request.userId, accountId, traceId);
    const claim = await this.intents.claim({
      userId: request.userId,
      requestId: request.requestId,
      fingerprint,
      accountId,
      provider: this.provider.name,
      order,
    });
    if (!claim.created) return this.replay(claim.intent, fingerprint);
    const log = orderLogContext(claim.intent, traceId);
    const submitted = this.submit(claim.intent, credentials, order, log);
    const settled = await withinDeadline(submitted, this.config.ORDER_REPLY_DEADLINE_MS);
    if (settled === DEADLINE_PASSED) {
      this.logger.warn(log, 'Order still in flight at the reply deadline; answering with its unknown outcome');
      submitted.catch(() => undefined); // Its outcome is stored on the intent; the client asks again with its key.
      return { order: toPlacedOrderView(claim.intent), replayed: false };
    }
    return { order: toPlacedOrderView(settled), replayed: false };
  }

  private async submit(
    intent: OrderIntentEntity,
    credentials: ProviderUserCredentials,
    order: NormalizedMarketOrder,
    log: OrderLogContext,
  ): Promise<OrderIntentEntity> {
    let placed;
    try {
      placed = await this.provider.placeMarketOrder(credentials, {
        accountId: intent.accountId,
        clientOrderId: intent.clientOrderId,
        order,
      });
    } catch (error) {
      return this.onFailure(intent, error, log);
    }
    this.logger.log({ ...log, brokerageOrderId: placed.brokerageOrderId, status: placed.status }, 'Order placed');
    return this.intents.settle(intent.id, placed);
  }

  private async onFailure(intent: OrderIntentEntity, error: unknown, log: OrderLogContext): Promise<OrderIntentEntity> {
    if (error instanceof ProviderError && error.outcome === 'not-placed') {
      const refusal = toDomainException(error);
      if (error.kind === 'RATE_LIMITED' || error.kind === 'UNAVAILABLE') {
        // Nothing reached the provider: free the id so the client's retry after Retry-After is a new attempt.
        await this.intents.release(intent.id);
      } else {
        await this.intents.reject(intent.id, refusal.toPayload());
      }
      this.logger.warn({ ...log, kind: error.kind }, 'Order refused');
      throw refusal;
    }
    this.logger.error(
      { ...log, kind: error instanceof ProviderError ? error.kind : 'internal' },
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

/** What every log line about one placement carries: the client's idempotency key and this call's trace id, apart. */
export interface OrderLogContext {
  intentId: string;
  idempotencyKey: string;
  traceId: string;
}

export function orderLogContext(intent: Pick<OrderIntentEntity, 'id' | 'requestId'>, traceId: string): OrderLogContext {
  return { intentId: intent.id, idempotencyKey: intent.requestId, traceId };
}

const DEADLINE_PASSED = Symbol('deadline passed');

async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof DEADLINE_PASSED> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof DEADLINE_PASSED>((resolve) => (timer = setTimeout(resolve, ms, DEADLINE_PASSED)));
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
