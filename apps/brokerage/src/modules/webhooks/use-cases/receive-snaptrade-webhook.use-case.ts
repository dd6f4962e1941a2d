import { Injectable, Logger } from '@nestjs/common';
import {
  BrokerageAccountUpdated,
  SnaptradeWebhookErrorCode,
  SnaptradeWebhookMessages,
  type SnaptradeWebhookOutcome,
  type SnaptradeWebhookRpcReply,
  type SnaptradeWebhookRpcRequest,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { BrokerageConfig } from '../../../config/brokerage.config';
import { ProviderUserEntity } from '../../connections/entities/provider-user.entity';
import { verifySnaptradeWebhookSignature } from '../snaptrade-webhook-signature';
import { assertFresh, parseSnaptradeWebhook, type SnaptradeWebhook } from '../snaptrade-webhook.parser';
import { recordSnaptradeWebhook } from '../snaptrade-webhooks.store';

/**
 * A SnapTrade webhook, in this order: the signature (401, before anything in the body is trusted), the payload
 * (400), its eventTimestamp (400 beyond SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS), then once per webhookId: a kind that
 * says an account changed, for a SnapTrade user we registered, becomes BrokerageAccountUpdated through the outbox,
 * in the transaction that records the webhookId — so a redelivery, even a concurrent one, publishes nothing.
 * Other kinds and unknown users are recorded and answered 200 ('ignored'), so SnapTrade does not retry them.
 */
@Injectable()
export class ReceiveSnaptradeWebhookUseCase {
  private readonly logger = new Logger(ReceiveSnaptradeWebhookUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly config: BrokerageConfig,
  ) {}

  async execute(request: SnaptradeWebhookRpcRequest, correlationId: string): Promise<SnaptradeWebhookRpcReply> {
    const consumerKey = this.config.usesSnaptrade ? this.config.SNAPTRADE_CONSUMER_KEY : undefined;
    if (!consumerKey)
      throw new DomainException(
        401,
        SnaptradeWebhookErrorCode.WEBHOOK_NOT_CONFIGURED,
        SnaptradeWebhookMessages.notConfigured,
      );
    if (!verifySnaptradeWebhookSignature(consumerKey, request.body, request.signature))
      throw new DomainException(
        401,
        SnaptradeWebhookErrorCode.WEBHOOK_SIGNATURE_INVALID,
        SnaptradeWebhookMessages.signatureInvalid,
      );
    const webhook = parseSnaptradeWebhook(request.body);
    assertFresh(webhook, new Date(), this.config.SNAPTRADE_WEBHOOK_MAX_AGE_SECONDS);

    const outcome = await this.dataSource.transaction((manager) => this.apply(manager, webhook, correlationId));
    this.logger.log(
      { webhookId: webhook.webhookId, eventType: webhook.eventType, outcome, correlationId },
      'SnapTrade webhook received',
    );
    return { outcome, webhookId: webhook.webhookId, eventType: webhook.eventType };
  }

  private async apply(
    manager: EntityManager,
    webhook: SnaptradeWebhook,
    correlationId: string,
  ): Promise<SnaptradeWebhookOutcome> {
    const userId = webhook.reason ? await this.ourUserId(manager, webhook.userId!) : null;
    const acted = webhook.reason !== null && userId !== null;
    if (!(await recordSnaptradeWebhook(manager, webhook, acted ? 'accepted' : 'ignored'))) return 'duplicate';
    if (!acted) return 'ignored';
    await this.outbox.add(
      manager,
      BrokerageAccountUpdated,
      {
        userId,
        provider: 'snaptrade',
        accountId: webhook.accountId!,
        connectionId: webhook.brokerageAuthorizationId,
        reason: webhook.reason!,
        providerEventId: webhook.webhookId,
        occurredAt: webhook.eventTimestamp.toISOString(),
      },
      { correlationId, aggregateId: `provider-notification:snaptrade:${webhook.webhookId}` },
    );
    return 'accepted';
  }

  /** Our user behind a SnapTrade userId (usually our id itself; a re-registration adds a suffix). */
  private async ourUserId(manager: EntityManager, providerUserId: string): Promise<string | null> {
    const owner = await manager.findOneBy(ProviderUserEntity, { provider: 'snaptrade', providerUserId });
    return owner?.userId ?? null;
  }
}
