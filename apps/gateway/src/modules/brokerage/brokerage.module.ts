import { Global, Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller';
import { BrokerageWritesInterceptor } from './brokerage-writes.interceptor';
import { BrokerageController } from './brokerage.controller';
import { ProviderSecretForOwner } from './provider-secret-for-owner.service';
import { SellPositionController } from './sell-position.controller';

/** /api/snaptrade/* and the admins' unknown orders (/api/admin/orders/unknown); global so the auth controller can complete its user view with the owner's provider secret. */
@Global()
@Module({
  controllers: [BrokerageController, AdminOrdersController, SellPositionController],
  providers: [ProviderSecretForOwner, BrokerageWritesInterceptor],
  exports: [ProviderSecretForOwner, BrokerageWritesInterceptor],
})
export class BrokerageModule {}
