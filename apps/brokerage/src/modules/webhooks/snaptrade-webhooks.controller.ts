import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SnaptradeWebhookRpc, SnaptradeWebhookRpcCall, type SnaptradeWebhookRpcReply } from '@copytrade/contracts';
import { ReceiveSnaptradeWebhookUseCase } from './use-cases/receive-snaptrade-webhook.use-case';

/** SnapTrade's webhooks, forwarded by the gateway: no actor (the provider is not a user); the signature decides. */
@Controller()
export class SnaptradeWebhooksController {
  constructor(private readonly receive: ReceiveSnaptradeWebhookUseCase) {}

  @MessagePattern(SnaptradeWebhookRpc.receive)
  receiveWebhook(@Payload() { payload, requestId }: SnaptradeWebhookRpcCall): Promise<SnaptradeWebhookRpcReply> {
    return this.receive.execute(payload, requestId);
  }
}
