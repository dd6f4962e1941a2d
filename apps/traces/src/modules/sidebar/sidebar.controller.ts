import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ListSubscriptionsRpcCall,
  Messages,
  ActorOnlyRpcCall,
  TracesRpc,
  type ListOwnedTracesRpcReply,
  type ListSubscriptionsRpcReply,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { SubscriptionEntity } from './entities/subscription.entity';
import { TraceEntity } from './entities/trace.entity';

/** The sidebar's two lists: traces the user owns, and traces the user has joined. Bounded to 100 each. */
@Controller()
export class SidebarController {
  private static readonly LIST_LIMIT = 100;

  constructor(
    @InjectRepository(TraceEntity) private readonly traces: Repository<TraceEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  @MessagePattern(TracesRpc.listSubscriptions)
  async listSubscriptions(@Payload() { actor, payload }: ListSubscriptionsRpcCall): Promise<ListSubscriptionsRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    if (payload.userId !== actor.userId && !actor.isAdmin)
      throw DomainException.forbidden('You can only view your own subscriptions.');
    const rows = await this.subscriptions.find({
      where: { userId: payload.userId },
      relations: { trace: true },
      order: { createdAt: 'DESC' },
      take: SidebarController.LIST_LIMIT,
    });
    return {
      subscriptions: rows.map((row) => ({
        id: row.id,
        traceId: row.traceId,
        status: row.status,
        tier: { name: row.tierName },
        trace: { name: row.trace.name, handle: row.trace.handle, avatar: row.trace.avatarUrl },
      })),
    };
  }

  @MessagePattern(TracesRpc.listOwnedTraces)
  async listOwnedTraces(@Payload() { actor }: ActorOnlyRpcCall): Promise<ListOwnedTracesRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    const owned = await this.traces.find({
      where: { ownerUserId: actor.userId },
      order: { createdAt: 'DESC' },
      take: SidebarController.LIST_LIMIT,
    });
    const counts = await this.subscriberCounts(owned.map((trace) => trace.id));
    return {
      ownedTraces: owned.map((trace) => ({
        id: trace.id,
        name: trace.name,
        handle: trace.handle,
        avatar: trace.avatarUrl,
        subscriberCount: counts.get(trace.id) ?? 0,
      })),
    };
  }

  private async subscriberCounts(traceIds: string[]): Promise<Map<string, number>> {
    if (traceIds.length === 0) return new Map();
    const rows: { trace_id: string; count: string }[] = await this.subscriptions
      .createQueryBuilder('sub')
      .select('sub.trace_id', 'trace_id')
      .addSelect('count(*)', 'count')
      .where('sub.trace_id IN (:...traceIds)', { traceIds })
      .andWhere("sub.status = 'active'")
      .groupBy('sub.trace_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.trace_id, Number(row.count)]));
  }
}
