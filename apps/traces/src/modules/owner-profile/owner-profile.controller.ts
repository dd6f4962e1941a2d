import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateTracePostRpcCall,
  ListOwnerSubscribersRpcCall,
  PutAvatarRpcCall,
  TraceIdRpcCall,
  TraceOwnerProfileRpc,
  TracePostIdRpcCall,
  UpdateTracePostRpcCall,
  UpdateTracePrivacyRpcCall,
  UpdateTraceProfileRpcCall,
  type CheckTraceOwnerRpcReply,
  type GetAvatarRpcReply,
  type GetOwnerAnalyticsRpcReply,
  type GetOwnerTraceRpcReply,
  type ListOwnerSubscribersRpcReply,
  type OwnerPostRpcReply,
  type OwnerTraceRpcReply,
  type PutAvatarRpcReply,
} from '@copytrade/contracts';
import { DataSource } from 'typeorm';
import { requireTraceOwner } from '../shared/trace-access';
import { GetOwnerTraceUseCase } from './use-cases/get-owner-trace.use-case';
import { OwnerFollowerAnalyticsUseCase } from './use-cases/owner-follower-analytics.use-case';
import { OwnerSubscribersUseCase } from './use-cases/owner-subscribers.use-case';
import { OwnerPostsUseCase } from './use-cases/owner-posts.use-case';
import { TraceAvatarUseCase } from './use-cases/trace-avatar.use-case';
import { UpdateOwnerSettingsUseCase } from './use-cases/update-owner-settings.use-case';

/**
 * The owner dashboard's trace data, settings, posts, avatar, follower analytics and subscribers (each refused to anyone
 * but the trace's owner).
 */
@Controller()
export class OwnerProfileController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly getOwnerTrace: GetOwnerTraceUseCase,
    private readonly settings: UpdateOwnerSettingsUseCase,
    private readonly posts: OwnerPostsUseCase,
    private readonly avatars: TraceAvatarUseCase,
    private readonly analytics: OwnerFollowerAnalyticsUseCase,
    private readonly subscribers: OwnerSubscribersUseCase,
  ) {}

  @MessagePattern(TraceOwnerProfileRpc.getOwnerTrace)
  ownerTrace(@Payload() request: TraceIdRpcCall): Promise<GetOwnerTraceRpcReply> {
    return this.getOwnerTrace.execute(request);
  }

  /** For the gateway's owner calls that go elsewhere (integration → brokerage) or cost work (avatar re-encoding). */
  @MessagePattern(TraceOwnerProfileRpc.checkOwner)
  async checkOwner(@Payload() { actor, payload }: TraceIdRpcCall): Promise<CheckTraceOwnerRpcReply> {
    const trace = await requireTraceOwner(this.dataSource.manager, payload.traceId, actor);
    return { traceId: trace.id };
  }

  @MessagePattern(TraceOwnerProfileRpc.updateProfile)
  updateProfile(@Payload() request: UpdateTraceProfileRpcCall): Promise<OwnerTraceRpcReply> {
    return this.settings.profile(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.updatePrivacy)
  updatePrivacy(@Payload() request: UpdateTracePrivacyRpcCall): Promise<OwnerTraceRpcReply> {
    return this.settings.privacy(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.createPost)
  createPost(@Payload() request: CreateTracePostRpcCall): Promise<OwnerPostRpcReply> {
    return this.posts.create(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.updatePost)
  updatePost(@Payload() request: UpdateTracePostRpcCall): Promise<OwnerPostRpcReply> {
    return this.posts.update(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.deletePost)
  deletePost(@Payload() request: TracePostIdRpcCall): Promise<{ deleted: true }> {
    return this.posts.delete(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.putAvatar)
  putAvatar(@Payload() request: PutAvatarRpcCall): Promise<PutAvatarRpcReply> {
    return this.avatars.put(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.deleteAvatar)
  deleteAvatar(@Payload() request: TraceIdRpcCall): Promise<{ deleted: true }> {
    return this.avatars.delete(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.getAnalytics)
  ownerAnalytics(@Payload() request: TraceIdRpcCall): Promise<GetOwnerAnalyticsRpcReply> {
    return this.analytics.execute(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.listSubscribers)
  ownerSubscribers(@Payload() request: ListOwnerSubscribersRpcCall): Promise<ListOwnerSubscribersRpcReply> {
    return this.subscribers.execute(request);
  }

  @MessagePattern(TraceOwnerProfileRpc.getAvatar)
  avatar(@Payload() request: TraceIdRpcCall): Promise<GetAvatarRpcReply> {
    return this.avatars.get(request);
  }
}
