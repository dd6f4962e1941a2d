import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BrokerageErrorCode,
  BrokerageMessages,
  Messages,
  type OrderResolutionView,
  type ResolveUnknownOrderRpcRequest,
  type RpcActor,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, QueryFailedError } from 'typeorm';
import { ProviderUsers } from '../../connections/provider-users.service';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import type { ProviderOrder } from '../../provider/provider.types';
import { OrderIntentEntity } from '../entities/order-intent.entity';
import { OrderResolutionEntity } from '../entities/order-resolution.entity';
import { OrderIntentsStore } from '../order-intents.store';

export function assertAdmin(actor: RpcActor | undefined): asserts actor is RpcActor {
  if (!actor?.isAdmin) throw DomainException.forbidden(Messages.adminOnly);
}

/**
 * An admin settles an order whose outcome is unknown, after checking at the brokerage: 'placed' (with the
 * brokerage's order id when known: its record then gives the fill) or 'not_placed'. The decision and the
 * admin's note are written to order_resolutions in the same transaction as the intent's new state.
 */
@Injectable()
export class ResolveUnknownOrderUseCase {
  private readonly logger = new Logger(ResolveUnknownOrderUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly intents: OrderIntentsStore,
    private readonly providerUsers: ProviderUsers,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(
    actor: RpcActor,
    request: ResolveUnknownOrderRpcRequest,
    traceId: string,
  ): Promise<OrderResolutionView> {
    const known = await this.dataSource.getRepository(OrderIntentEntity).findOneBy({ id: request.intentId });
    if (!known) throw notFound();
    const record = request.outcome === 'placed' ? await this.providerRecord(known, request.brokerageOrderId) : null;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const intent = await manager.findOne(OrderIntentEntity, {
          where: { id: request.intentId },
          lock: { mode: 'pessimistic_write' },
        });
        if (!intent) throw notFound();
        if (intent.state !== 'UNKNOWN')
          throw new DomainException(
            409,
            BrokerageErrorCode.ORDER_ALREADY_SETTLED,
            BrokerageMessages.orderAlreadySettled,
          );
        const settled =
          request.outcome === 'not_placed'
            ? await this.intents.reject(
                intent.id,
                {
                  status: 422,
                  code: BrokerageErrorCode.ORDER_NOT_PLACED,
                  message: BrokerageMessages.orderNotPlacedResolved,
                },
                manager,
              )
            : record
              ? await this.intents.settle(intent.id, record, manager)
              : await this.intents.confirmPlaced(intent.id, request.brokerageOrderId ?? null, manager);
        const resolution = await manager.save(
          manager.create(OrderResolutionEntity, {
            intentId: intent.id,
            outcome: request.outcome,
            note: request.note.trim(),
            brokerageOrderId: settled.providerOrderId,
            previousState: intent.state,
            newState: settled.state,
            resolvedBy: actor.userId,
            traceId,
          }),
        );
        this.logger.warn(
          {
            traceId,
            intentId: intent.id,
            idempotencyKey: intent.requestId,
            outcome: request.outcome,
            adminId: actor.userId,
          },
          'Unknown order resolved by an admin',
        );
        return {
          intentId: intent.id,
          outcome: resolution.outcome,
          note: resolution.note,
          resolvedBy: resolution.resolvedBy,
          resolvedAt: resolution.createdAt.toISOString(),
          state: settled.state,
        };
      });
    } catch (error) {
      // UNIQUE(provider, provider_order_id): that brokerage order already settles another intent.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
        throw new DomainException(
          409,
          BrokerageErrorCode.ORDER_ALREADY_CLAIMED,
          'That brokerage order already belongs to another order.',
        );
      throw error;
    }
  }

  /** The brokerage's record of the order the admin names, when the provider can still show it. */
  private async providerRecord(intent: OrderIntentEntity, brokerageOrderId?: string): Promise<ProviderOrder | null> {
    if (!brokerageOrderId || intent.provider !== this.provider.name) return null;
    try {
      const { credentials } = await this.providerUsers.require(intent.userId);
      const orders = await this.provider.listOrders(credentials, intent.accountId, 90);
      return orders.find((order) => order.brokerageOrderId === brokerageOrderId) ?? null;
    } catch (error) {
      this.logger.warn({ intentId: intent.id, err: (error as Error).message }, 'Brokerage record not available');
      return null;
    }
  }
}

const notFound = () =>
  DomainException.notFound(BrokerageMessages.unknownOrderNotFound, BrokerageErrorCode.UNKNOWN_ORDER_NOT_FOUND);
