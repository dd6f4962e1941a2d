import { Module } from '@nestjs/common';
import { SnaptradeWebhooksRetention } from './snaptrade-webhooks-retention.service';
import { SnaptradeWebhooksController } from './snaptrade-webhooks.controller';
import { ReceiveSnaptradeWebhookUseCase } from './use-cases/receive-snaptrade-webhook.use-case';

/** SnapTrade's webhooks: verified, once per webhookId, into BrokerageAccountUpdated events. */
@Module({
  controllers: [SnaptradeWebhooksController],
  providers: [ReceiveSnaptradeWebhookUseCase, SnaptradeWebhooksRetention],
})
export class SnaptradeWebhooksModule {}
