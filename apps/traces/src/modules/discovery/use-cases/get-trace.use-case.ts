import { Injectable } from '@nestjs/common';
import {
  FULL_VIEW_POSTS,
  PUBLIC_POST_PREVIEW,
  type GetTraceRpcReply,
  type RpcRequest,
  type TraceIdRpcRequest,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { cardFiguresOfRow, findFollowerResults } from '../../follower-results/follower-results.store';
import { toFollowerResultsView } from '../../follower-results/follower-results.view';
import { IdentityUsers } from '../../identity-users/identity-users';
import { PostEntity, TierEntity } from '../../shared/entities';
import { findTraceOrThrow, requireActor, viewerOf } from '../../shared/trace-access';
import { toPostView, toTierView, toTraceSummaryView } from '../../shared/trace-views';

/**
 * GET /api/traces/{id}: the public fields for everyone signed in; posts that are not public only for the
 * owner or an active subscriber (the public view gets up to 2 public posts). Trades are a separate call.
 * The owner's username comes from identity, asked alongside the database reads (null when identity does not
 * answer in time); never the owner's e-mail, whoever asks (privacy). The trades count is the trace's
 * total_trades, kept with its trades (see trace-stats.ts): counting a trace's 100,000 trades on every view
 * took a sequential scan (tools/bench/src/traces.bench.ts). Follower results: every time frame for the owner and a
 * viewer with access, the public summary for everyone else (toFollowerResultsView).
 */
@Injectable()
export class GetTraceUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly identityUsers: IdentityUsers,
  ) {}

  async execute({ actor, payload, requestId }: RpcRequest<TraceIdRpcRequest>): Promise<GetTraceRpcReply> {
    const { userId } = requireActor(actor);
    const manager = this.dataSource.manager;
    const trace = await findTraceOrThrow(manager, payload.traceId);
    const owners = this.identityUsers.ownersOf([trace.ownerUserId], { requestId, actor });
    const viewer = await viewerOf(manager, trace, userId);
    const [tiers, posts, postCount, results, owner] = await Promise.all([
      manager.find(TierEntity, { where: { traceId: trace.id }, order: { rank: 'ASC' } }),
      manager.find(PostEntity, {
        where: viewer.hasAccess ? { traceId: trace.id } : { traceId: trace.id, isPublic: true },
        order: { isPinned: 'DESC', createdAt: 'DESC' },
        take: viewer.hasAccess ? FULL_VIEW_POSTS : PUBLIC_POST_PREVIEW,
      }),
      manager.countBy(PostEntity, { traceId: trace.id }),
      findFollowerResults(manager, trace.id),
      owners.then((found) => found.get(trace.ownerUserId)),
    ]);
    const { tierRank: _rank, ...viewerView } = viewer;
    return {
      trace: {
        ...toTraceSummaryView(trace, cardFiguresOfRow(results)),
        owner: { id: trace.ownerUserId, username: owner?.username ?? null },
        subscriptionTiers: tiers.map(toTierView),
        posts: posts.map(toPostView),
        counts: { subscriptions: trace.subscriberCount, trades: trace.totalTrades, posts: postCount },
        viewer: viewerView,
        followerResults: toFollowerResultsView(results, viewer.hasAccess),
      },
    };
  }
}
