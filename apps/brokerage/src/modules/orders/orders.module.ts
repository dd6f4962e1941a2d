import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ConnectionsModule } from '../connections/connections.module';
import { PaperModule } from '../paper/paper.module';
import { OrderDispatcher } from './order-dispatcher.service';
import { OrderIntentsStore } from './order-intents.store';
import { OrderReconciler } from './order-reconciler.service';
import { OrderTracker } from './order-tracker.service';
import { OrdersController } from './orders.controller';
import { ProviderOrderSearch } from './provider-order-search';
import { PlaceOrderBatchUseCase } from './use-cases/place-order-batch.use-case';
import { PlaceOrderUseCase } from './use-cases/place-order.use-case';
import { ResolveUnknownOrderUseCase } from './use-cases/resolve-unknown-order.use-case';

@Module({
  imports: [ConnectionsModule, AccountsModule, PaperModule],
  controllers: [OrdersController],
  providers: [
    OrderIntentsStore,
    ProviderOrderSearch,
    OrderReconciler,
    OrderTracker,
    OrderDispatcher,
    PlaceOrderUseCase,
    PlaceOrderBatchUseCase,
    ResolveUnknownOrderUseCase,
  ],
  exports: [PlaceOrderUseCase],
})
export class OrdersModule {}
