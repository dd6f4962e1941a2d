import { Module } from '@nestjs/common';
import { SnaptradeWebhooksController } from './snaptrade-webhooks.controller';

/** Providers' webhooks (/api/webhooks/*): public, CSRF-exempt, proven by their signatures. */
@Module({ controllers: [SnaptradeWebhooksController] })
export class WebhooksModule {}
