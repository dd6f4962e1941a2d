import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorOnlyRpcCall,
  BrokerageRpc,
  GetPlacedOrderRpcCall,
  ordersOfBatch,
  PlaceOrderBatchRpcCall,
  PlaceOrderRpcCall,
  ResolveUnknownOrderRpcCall,
  type GetPlacedOrderRpcReply,
  type ListUnknownOrdersRpcReply,
  type PlaceOrderBatchRpcReply,
  type PlaceOrderRpcReply,
  type ResolveUnknownOrderRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { assertOwnUserOrService } from '../../common/own-user';
import { BrokerageConfig } from '../../config/brokerage.config';
import { toPlacedOrderView, toUnknownOrderView } from './mappers/placed-order.mapper';
import { OrderIntentsStore } from './order-intents.store';
import { OrderReconciler } from './order-reconciler.service';
import { PlaceOrderBatchUseCase } from './use-cases/place-order-batch.use-case';
import { PlaceOrderUseCase } from './use-cases/place-order.use-case';
import { assertAdmin, ResolveUnknownOrderUseCase } from './use-cases/resolve-unknown-order.use-case';

/** The envelope's requestId is the HTTP call's trace id; the payload's requestId is the client's idempotency key. */
@Controller()
export class OrdersController {
  constructor(
    private readonly placeOrder: PlaceOrderUseCase,
    private readonly placeOrderBatch: PlaceOrderBatchUseCase,
    private readonly resolveUnknown: ResolveUnknownOrderUseCase,
    private readonly intents: OrderIntentsStore,
    private readonly reconciler: OrderReconciler,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  @MessagePattern(BrokerageRpc.placeOrder)
  async place(@Payload() { actor, payload, requestId: traceId }: PlaceOrderRpcCall): Promise<PlaceOrderRpcReply> {
    assertOwnUserOrService(actor, payload.userId);
    return this.placeOrder.execute(payload, traceId);
  }

  /**
   * A system call (the copy engine's automatic copies), like the traces service's trade-audience filter: the
   * gateway never forwards it, so it carries no user actor; each order names its user.
   */
  @MessagePattern(BrokerageRpc.placeOrderBatch)
  async placeBatch(
    @Payload() { payload, requestId: traceId }: PlaceOrderBatchRpcCall,
  ): Promise<PlaceOrderBatchRpcReply> {
    return this.placeOrderBatch.execute(ordersOfBatch(payload), traceId);
  }

  /** The stored outcome of the user's request id (reconciled first when unknown); null when never received. */
  @MessagePattern(BrokerageRpc.getPlacedOrder)
  async get(@Payload() { actor, payload }: GetPlacedOrderRpcCall): Promise<GetPlacedOrderRpcReply> {
    assertOwnUserOrService(actor, payload.userId);
    const intent = await this.intents.find(payload.userId, payload.requestId);
    if (!intent) return { order: null };
    const current = intent.state === 'UNKNOWN' ? await this.reconciler.reconcile(intent.id) : intent;
    return { order: toPlacedOrderView(current) };
  }

  @MessagePattern(BrokerageRpc.listUnknownOrders)
  async listUnknownOrders(@Payload() { actor }: ActorOnlyRpcCall): Promise<ListUnknownOrdersRpcReply> {
    assertAdmin(actor);
    return { orders: (await this.intents.listUnknown()).map(toUnknownOrderView) };
  }

  @MessagePattern(BrokerageRpc.resolveUnknownOrder)
  async resolve(
    @Payload() { actor, payload, requestId: traceId }: ResolveUnknownOrderRpcCall,
  ): Promise<ResolveUnknownOrderRpcReply> {
    assertAdmin(actor);
    return { resolution: await this.resolveUnknown.execute(actor, payload, traceId) };
  }

  /** Development only: an order for any user on the paper broker (tests, demos). */
  @MessagePattern(BrokerageRpc.devPlaceOrder)
  async devPlace(@Payload() { payload, requestId: traceId }: PlaceOrderRpcCall): Promise<PlaceOrderRpcReply> {
    if (this.config.isProduction) throw DomainException.notFound('Not found');
    return this.placeOrder.execute({ ...payload, requireProvider: 'paper' }, traceId);
  }
}
