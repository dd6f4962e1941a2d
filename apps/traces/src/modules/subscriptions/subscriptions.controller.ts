import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SubscribeRpcCall, TracesRpc, UnsubscribeRpcCall, type SubscriptionRpcReply } from '@copytrade/contracts';
import { SubscribeUseCase } from './use-cases/subscribe.use-case';
import { UnsubscribeUseCase } from './use-cases/unsubscribe.use-case';

@Controller()
export class SubscriptionsController {
  constructor(
    private readonly subscribeUseCase: SubscribeUseCase,
    private readonly unsubscribeUseCase: UnsubscribeUseCase,
  ) {}

  @MessagePattern(TracesRpc.subscribe)
  subscribe(@Payload() request: SubscribeRpcCall): Promise<SubscriptionRpcReply> {
    return this.subscribeUseCase.execute(request);
  }

  @MessagePattern(TracesRpc.unsubscribe)
  unsubscribe(@Payload() request: UnsubscribeRpcCall): Promise<{ ended: true }> {
    return this.unsubscribeUseCase.execute(request);
  }
}
