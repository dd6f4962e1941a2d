import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ConnectionsModule } from '../connections/connections.module';
import { OrderIntentsStore } from './order-intents.store';
import { OrderReconciler } from './order-reconciler.service';
import { OrderTracker } from './order-tracker.service';
import { OrdersController } from './orders.controller';
import { ProviderOrderSearch } from './provider-order-search';
import { PlaceOrderUseCase } from './use-cases/place-order.use-case';
import { ResolveUnknownOrderUseCase } from './use-cases/resolve-unknown-order.use-case';

@Module({
  imports: [ConnectionsModule, AccountsModule],
  controllers: [OrdersController],
  providers: [
    OrderIntentsStore,
    ProviderOrderSearch,
    OrderReconciler,
    OrderTracker,
    PlaceOrderUseCase,
    ResolveUnknownOrderUseCase,
  ],
  exports: [PlaceOrderUseCase],
})
export class OrdersModule {}
