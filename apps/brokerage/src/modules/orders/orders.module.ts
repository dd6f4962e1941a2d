import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ConnectionsModule } from '../connections/connections.module';
import { OrderIntentsStore } from './order-intents.store';
import { OrderReconciler } from './order-reconciler.service';
import { OrdersController } from './orders.controller';
import { PlaceOrderUseCase } from './use-cases/place-order.use-case';
import { ResolveUnknownOrderUseCase } from './use-cases/resolve-unknown-order.use-case';

@Module({
  imports: [ConnectionsModule, AccountsModule],
  controllers: [OrdersController],
  providers: [OrderIntentsStore, OrderReconciler, PlaceOrderUseCase, ResolveUnknownOrderUseCase],
  exports: [PlaceOrderUseCase],
})
export class OrdersModule {}
