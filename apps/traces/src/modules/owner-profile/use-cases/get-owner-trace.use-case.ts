import { Injectable } from '@nestjs/common';
import {
  FULL_VIEW_POSTS,
  type GetOwnerTraceRpcReply,
  type RpcRequest,
  type TraceIdRpcRequest,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { IdentityUsers } from '../../identity-users/identity-users';
import { PostEntity, TierEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { toPostView } from '../../shared/trace-views';
import { toOwnerTraceView } from '../owner-trace.mapper';
import { ownerAnalytics } from './owner-analytics';

/** GET /api/trace-owner/{traceId}: the owner's trace, analytics, every post and the tiers (owner only). */
@Injectable()
export class GetOwnerTraceUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly identityUsers: IdentityUsers,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<TraceIdRpcRequest>): Promise<GetOwnerTraceRpcReply> {
    const manager = this.dataSource.manager;
    const trace = await requireTraceOwner(manager, payload.traceId, actor);
    const [analytics, posts, tiers] = await Promise.all([
      ownerAnalytics(manager, trace, this.identityUsers, { requestId, actor }),
      manager.find(PostEntity, {
        where: { traceId: trace.id },
        order: { isPinned: 'DESC', createdAt: 'DESC' },
        take: FULL_VIEW_POSTS,
      }),
      manager.find(TierEntity, { where: { traceId: trace.id }, order: { rank: 'ASC' } }),
    ]);
    return {
      trace: toOwnerTraceView(trace),
      analytics,
      posts: posts.map(toPostView),
      subscriptionTiers: tiers.map((tier) => ({ id: tier.id, name: tier.name, price: Number(tier.price) })),
    };
  }
}
