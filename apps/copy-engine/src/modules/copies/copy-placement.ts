import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BROKERAGE_ORDER_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  CopyOpened,
  CopyTradeErrorCode,
  TracesRpc,
  CopyTradeMessages,
  type GetPlacedOrderRpcReply,
  type GetPlacedOrderRpcRequest,
  type MarketOrderInput,
  type PlacedOrderView,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
  requestedLimit,
} from '@copytrade/contracts';
import {
  DomainException,
  orderOutcomeText,
  orderProgressOf,
  OutboxRelay,
  OutboxWriter,
  ProjectionSync,
  RpcClient,
  RpcTimeoutException,
  runAfterCommit,
} from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { CopyEngineConfig } from '../../config/copy-engine.config';
import { brokerageFillTimeOf } from './brokerage-fill-time';
import { COPY_ENGINE_RPC } from './copies.tokens';
import {
  failCopies,
  findCopyById,
  releasePendingCopy,
  releaseUnansweredCopy,
  type CopyRecord,
} from './copy-instances.store';
import { settleCopyFill, type OnCopiesOpened } from './copy-settlement';
import { MarketOpenQueue } from './market-open-queue';
import { limitNotReachedOf, limitOrderFieldsOf } from '../copy-limits/copy-guards-screen';

/** What became of one brokerage call for a copy. */
export type PlacementOutcome =
  | { kind: 'filled' | 'pending' | 'unknown'; order: PlacedOrderView; replayed: boolean }
  | { kind: 'refused'; error: DomainException }
  | { kind: 'unanswered'; error: DomainException };

/** What the brokerage says became of an order, in words (the failure reason of a copy it did not fill). */
export { orderOutcomeText };

/** A market order for (part of) a copy's position: its symbol, and the contract when it is an option. */
export function copyOrderOf(copy: CopyRecord, quantity: number): Omit<MarketOrderInput, 'action'> {
  return {
    symbol: copy.symbol,
    quantity,
    isOptions: copy.isOptions,
    ...(copy.isOptions
      ? {
          optionsTicker: copy.optionsTicker ?? undefined,
          optionType: copy.optionType ?? undefined,
          strikePrice: copy.strikePrice === null ? undefined : Number(copy.strikePrice),
          expirationDate: copy.expirationDate ?? undefined,
          contractMultiplier: copy.contractMultiplier,
        }
      : {}),
  };
}

/**
 * The saga's step that talks to the brokerage, for a copy already recorded PENDING whose call the caller holds
 * (insertPendingCopy or a claim): the market order with the copy's own request id — the brokerage's idempotency
 * makes any repeat of the call (a retry, the sweeper after a crash) answer the first order, never place a second —
 * and what its answer means for the copy, written at once:
 * - FILLED, or PARTIALLY_FILLED and final → OPEN with what filled, CopyOpened (settleCopyFill);
 * - SUBMITTED or a partial fill still working → PENDING, the order noted (its events or the sweeper settle it);
 * - UNKNOWN / SUBMITTING, or no answer in time and no stored outcome → PENDING awaiting confirmation;
 * - a refusal (4xx) → FAILED with the brokerage's reason; CANCELED, EXPIRED, REJECTED → FAILED with the state —
 *   except a closed market's refusal of an automatic copy whose follower waits for the open (MarketOpenQueue);
 * - the brokerage unreachable (503) → PENDING, released for the sweeper to try again with the same id.
 */
@Injectable()
export class CopyPlacement {
  private readonly logger = new Logger(CopyPlacement.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(COPY_ENGINE_RPC) private readonly rpc: RpcClient,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
    readonly config: CopyEngineConfig,
    private readonly openQueue: MarketOpenQueue,
    private readonly projections: ProjectionSync,
  ) {}

  get leaseMs(): number {
    return this.config.COPY_BROKERAGE_LEASE_MS;
  }

  async place(copy: CopyRecord, correlationId: string): Promise<{ outcome: PlacementOutcome; copy: CopyRecord }> {
    const outcome = await this.call(copy, correlationId);
    await this.record(copy, outcome, correlationId);
    return { outcome, copy: (await findCopyById(this.dataSource.manager, copy.id))! };
  }

  private async call(copy: CopyRecord, correlationId: string): Promise<PlacementOutcome> {
    const payload: PlaceOrderRpcRequest = {
      userId: copy.userId,
      // An automatic copy not answered yet names none: the brokerage's primary account, as its batch resolved it.
      accountId: copy.brokerageAccountId ?? undefined,
      requestId: copy.requestId,
      order: {
        action: copy.side === 'sell' ? 'SELL' : 'BUY',
        ...copyOrderOf(copy, Number(copy.quantityRequested)),
        ...limitOrderFieldsOf(copy),
      },
    };
    // The copy engine's own call (a sweeper may resume it long after the user's request): it names no actor.
    const context = { requestId: correlationId };
    try {
      const reply = await this.rpc.request<PlaceOrderRpcRequest, PlaceOrderRpcReply>(
        BrokerageRpc.placeOrder,
        payload,
        context,
        BROKERAGE_ORDER_RPC_TIMEOUT_MS,
      );
      return outcomeOf(copy, reply.order, reply.replayed);
    } catch (error) {
      if (error instanceof RpcTimeoutException) {
        // No reply in time is never "not placed": the brokerage's stored outcome of the request id, else unknown.
        const stored = await this.stored(copy, correlationId);
        return stored
          ? outcomeOf(copy, stored, true)
          : { kind: 'unknown', order: unknownOrder(copy, payload), replayed: false };
      }
      if (!(error instanceof DomainException)) throw error;
      // Still being placed under this id by an earlier call (409): its outcome is the order's, not a refusal.
      if (error.code === BrokerageErrorCode.ORDER_IN_FLIGHT || error.status >= 500)
        return { kind: 'unanswered', error };
      return { kind: 'refused', error: copyRefusalOf(error) };
    }
  }

  /**
   * Read-your-writes for the copier: a manual copy's CopyOpened is applied by traces (its trades' copy counts) after
   * the commit and before the copy is answered, so the copier's next read of the trace shows it; a failure is
   * logged and traces' durable consumer applies it later.
   */
  private copierSees(copy: CopyRecord, tx: EntityManager, correlationId: string): OnCopiesOpened | undefined {
    if (copy.placement !== 'manual') return undefined;
    return (events) =>
      runAfterCommit(tx, async () => {
        for (const event of events)
          await this.projections.applyNow(TracesRpc.applyProjections, CopyOpened, event, correlationId);
      });
  }

  private async record(copy: CopyRecord, outcome: PlacementOutcome, correlationId: string): Promise<void> {
    const manager = this.dataSource.manager;
    switch (outcome.kind) {
      case 'filled': {
        const { order } = outcome;
        await this.dataSource.transaction((tx) =>
          settleCopyFill(
            tx,
            this.outbox,
            copy.id,
            {
              filledQuantity: order.filledQuantity ?? order.quantity,
              averagePrice: order.executionPrice!,
              brokerageOrderId: order.brokerageOrderId,
              orderState: order.state,
              filledAt: brokerageFillTimeOf(order, new Date()),
            },
            { correlationId },
            this.copierSees(copy, tx, correlationId),
          ),
        );
        this.relay.kick();
        return;
      }
      case 'pending':
      case 'unknown':
        if (outcome.order.state === 'PARTIALLY_FILLED' && Number(outcome.order.filledQuantity) > 0) {
          // A partial fill still working opens the copy with what filled; the rest arrives with its events.
          await this.dataSource.transaction((tx) =>
            settleCopyFill(
              tx,
              this.outbox,
              copy.id,
              {
                filledQuantity: outcome.order.filledQuantity!,
                averagePrice: outcome.order.executionPrice!,
                brokerageOrderId: outcome.order.brokerageOrderId,
                orderState: outcome.order.state,
                filledAt: brokerageFillTimeOf(outcome.order, new Date()),
              },
              { correlationId },
              this.copierSees(copy, tx, correlationId),
            ),
          );
          this.relay.kick();
          return;
        }
        await releasePendingCopy(manager, copy.id, {
          orderState: outcome.order.state,
          brokerageOrderId: outcome.order.brokerageOrderId,
          awaitingConfirmation: outcome.kind === 'unknown',
        });
        return;
      case 'refused':
        // Announced with the copy's failure, atomically (a protected limit the market passed as a skip); a closed
        // market's refusal of an automatic copy (the sweeper asking about its order again) may wait for the open.
        await this.dataSource.transaction(async (tx) => {
          const refusal = { id: copy.id, code: outcome.error.code, reason: outcome.error.message };
          const refused = await this.openQueue.queueClosedMarketRefusals(
            tx,
            [refusal],
            new Map([[copy.id, copy]]),
            correlationId,
          );
          await failCopies(tx, this.outbox, refused, { correlationId });
        });
        return;
      case 'unanswered':
        this.logger.warn(
          { copyId: copy.id, code: outcome.error.code },
          'The brokerage did not answer a copy order; the sweeper asks again with the same request id',
        );
        await releaseUnansweredCopy(manager, copy.id);
        return;
    }
  }

  private async stored(copy: CopyRecord, correlationId: string): Promise<PlacedOrderView | null> {
    try {
      const { order } = await this.rpc.request<GetPlacedOrderRpcRequest, GetPlacedOrderRpcReply>(
        BrokerageRpc.getPlacedOrder,
        { userId: copy.userId, requestId: copy.requestId },
        { requestId: correlationId },
      );
      return order;
    } catch {
      return null;
    }
  }
}

function outcomeOf(copy: CopyRecord, order: PlacedOrderView, replayed: boolean): PlacementOutcome {
  const kind = orderProgressOf(order);
  if (kind) return { kind, order, replayed };
  // A price-protected order the market had moved past: the copy is skipped, not failed.
  const skipped = limitNotReachedOf(copy, order);
  if (skipped)
    return {
      kind: 'refused',
      error: new DomainException(422, skipped.code, skipped.reason, { state: order.state }),
    };
  // CANCELED, EXPIRED, REJECTED after acceptance: nothing bought.
  return {
    kind: 'refused',
    error: new DomainException(
      422,
      CopyTradeErrorCode.COPY_NOT_FILLED,
      orderOutcomeText(order.state, order.providerStatus),
      {
        state: order.state,
        brokerageOrderId: order.brokerageOrderId,
      },
    ),
  };
}

function unknownOrder(copy: CopyRecord, payload: PlaceOrderRpcRequest): PlacedOrderView {
  return {
    requestId: copy.requestId,
    accountId: copy.brokerageAccountId,
    state: 'UNKNOWN',
    clientOrderId: null,
    brokerageOrderId: null,
    action: payload.order.action,
    symbol: copy.symbol,
    quantity: payload.order.quantity,
    isOptions: copy.isOptions,
    optionsTicker: copy.optionsTicker,
    filledQuantity: null,
    executionPrice: null,
    providerStatus: null,
    final: false,
    placedAt: new Date().toISOString(),
    ...requestedLimit(payload.order),
  };
}

/** The brokerage's refusal as the copy answers it: a closed market in the words the web app maps to its toast. */
export function copyRefusalOf(error: DomainException): DomainException {
  if (error.code !== BrokerageErrorCode.MARKET_CLOSED) return error;
  return new DomainException(
    error.status,
    CopyTradeErrorCode.MARKET_CLOSED,
    CopyTradeMessages.marketClosed,
    error.details,
  );
}
