import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxyFactory, type ClientProxy } from '@nestjs/microservices';
import { natsRpcClientOptions, RpcClient } from '@copytrade/nest';
import { IdentityConfig } from '../../config/identity.config';
import { EventAge } from './event-age';
import { CopyNotificationsHandler } from './handlers/copy-notifications.handler';
import { NotificationConsumers } from './handlers/notification-consumers';
import { OpsAlertsListener } from './handlers/ops-alerts.listener';
import { OrderNotificationsHandler } from './handlers/order-notifications.handler';
import { SubscriptionNotificationsHandler } from './handlers/subscription-notifications.handler';
import { TradeNotificationsHandler } from './handlers/trade-notifications.handler';
import { NotificationsAnnouncer } from './notifications-announcer';
import { NotificationsController } from './notifications.controller';
import { NotificationsRetention } from './notifications-retention';
import { IDENTITY_RPC } from './notifications.tokens';
import { NotificationsUseCase } from './use-cases/notifications.use-case';

const RPC_PROXY = Symbol('IDENTITY_RPC_PROXY');

/**
 * In-app notifications: created from the events of traces, the copy engine and the brokerage and from the services'
 * ops alerts (durable consumers and one broadcast listener), read and marked read by their recipient, purged after
 * NOTIFICATIONS_RETENTION_DAYS. Its own NATS request/reply client to traces (who may see a shared trade), closed on
 * shutdown. See docs/notifications.md.
 */
@Module({
  controllers: [NotificationsController],
  providers: [
    {
      provide: RPC_PROXY,
      inject: [IdentityConfig],
      useFactory: (config: IdentityConfig) =>
        ClientProxyFactory.create(natsRpcClientOptions(config.natsAddress, 'identity-client')),
    },
    { provide: IDENTITY_RPC, inject: [RPC_PROXY], useFactory: (proxy: ClientProxy) => new RpcClient(proxy) },
    EventAge,
    NotificationConsumers,
    NotificationsAnnouncer,
    TradeNotificationsHandler,
    SubscriptionNotificationsHandler,
    CopyNotificationsHandler,
    OrderNotificationsHandler,
    OpsAlertsListener,
    NotificationsUseCase,
    NotificationsRetention,
  ],
})
export class NotificationsModule implements OnApplicationShutdown {
  constructor(@Inject(RPC_PROXY) private readonly proxy: ClientProxy) {}

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
