import { Module } from '@nestjs/common';
import { GatewaySnaptradeWebhooksController } from './snaptrade-webhooks.controller';

/** Providers' webhooks (/api/webhooks/*): public, CSRF-exempt, proven by their signatures. */
@Module({ controllers: [GatewaySnaptradeWebhooksController] })
export class WebhooksModule {}
