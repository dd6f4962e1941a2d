import { Global, Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller';
import { BrokerageWritesInterceptor } from './brokerage-writes.interceptor';
import { BrokerageController } from './brokerage.controller';
import { SellPositionController } from './sell-position.controller';

/** /api/snaptrade/* and the admins' unknown orders (/api/admin/orders/unknown); global so the paper, dev-market and
 * trace-owner controllers can invalidate the brokerage reads their writes change. */
@Global()
@Module({
  controllers: [BrokerageController, AdminOrdersController, SellPositionController],
  providers: [BrokerageWritesInterceptor],
  exports: [BrokerageWritesInterceptor],
})
export class BrokerageModule {}
