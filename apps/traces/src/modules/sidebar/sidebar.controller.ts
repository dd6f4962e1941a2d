import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ActorOnlyRpcCall,
  ListSubscriptionsRpcCall,
  TracesMessages,
  TracesRpc,
  type ListOwnedTracesRpcReply,
  type ListSubscriptionsRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { SubscriptionEntity, TraceEntity } from '../shared/entities';
import { requireActor } from '../shared/trace-access';
import { toSubscriptionView } from '../shared/trace-views';

/** The sidebar's two lists: traces the user owns, and traces the user has joined (active). Bounded to 100 each. */
@Controller()
export class SidebarController {
  private static readonly LIST_LIMIT = 100;

  constructor(
    @InjectRepository(TraceEntity) private readonly traces: Repository<TraceEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  @MessagePattern(TracesRpc.listSubscriptions)
  async listSubscriptions(@Payload() { actor, payload }: ListSubscriptionsRpcCall): Promise<ListSubscriptionsRpcReply> {
    const caller = requireActor(actor);
    if (payload.userId !== caller.userId && !caller.isAdmin)
      throw DomainException.forbidden(TracesMessages.ownSubscriptionsOnly);
    const rows = await this.subscriptions.find({
      where: { userId: payload.userId, status: 'active' },
      relations: { trace: true, tier: true },
      order: { createdAt: 'DESC' },
      take: SidebarController.LIST_LIMIT,
    });
    return { subscriptions: rows.map((row) => toSubscriptionView(row, row.trace, row.tier!)) };
  }

  @MessagePattern(TracesRpc.listOwnedTraces)
  async listOwnedTraces(@Payload() { actor }: ActorOnlyRpcCall): Promise<ListOwnedTracesRpcReply> {
    const owned = await this.traces.find({
      where: { ownerUserId: requireActor(actor).userId },
      order: { createdAt: 'DESC' },
      take: SidebarController.LIST_LIMIT,
    });
    return {
      ownedTraces: owned.map((trace) => ({
        id: trace.id,
        name: trace.name,
        handle: trace.handle,
        avatar: trace.avatarUrl,
        subscriberCount: trace.subscriberCount,
      })),
    };
  }
}
