import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BrokerageRpc,
  type PlaceOrderRpcReply,
  type PlaceOrderRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { assertOwnUser } from '../../common/own-user';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PlaceOrderUseCase } from './use-cases/place-order.use-case';

@Controller()
export class OrdersController {
  constructor(
    private readonly placeOrder: PlaceOrderUseCase,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  @MessagePattern(BrokerageRpc.placeOrder)
  async place(@Payload() { actor, payload, requestId }: RpcRequest<PlaceOrderRpcRequest>): Promise<PlaceOrderRpcReply> {
    assertOwnUser(actor, payload.userId);
    return this.placeOrder.execute(payload, requestId);
  }

  /** Development only: an order for any user on the paper broker (tests, demos). */
  @MessagePattern(BrokerageRpc.devPlaceOrder)
  async devPlace(@Payload() { payload, requestId }: RpcRequest<PlaceOrderRpcRequest>): Promise<PlaceOrderRpcReply> {
    if (this.config.isProduction) throw DomainException.notFound('Not found');
    return this.placeOrder.execute({ ...payload, requireProvider: 'paper' }, requestId);
  }
}
