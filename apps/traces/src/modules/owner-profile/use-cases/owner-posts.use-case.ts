import { Injectable } from '@nestjs/common';
import {
  OwnerProfileErrorCode,
  OwnerProfileMessages,
  type CreateTracePostRpcPayload,
  type OwnerPostRpcReply,
  type RpcRequest,
  type TracePostIdRpcPayload,
  type UpdateTracePostRpcPayload,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { PostEntity } from '../../shared/entities';
import { requireTraceOwner } from '../../shared/trace-access';
import { toPostView } from '../../shared/trace-views';

const postNotFound = () =>
  DomainException.notFound(OwnerProfileMessages.postNotFound, OwnerProfileErrorCode.POST_NOT_FOUND);

/**
 * The owner's posts: create, edit, delete (owner only). Who sees them is the trace page's rule (GetTraceUseCase):
 * public posts are the free preview, the others are for the owner and active subscribers. A post of another
 * trace is 404, as if it did not exist.
 */
@Injectable()
export class OwnerPostsUseCase {
  constructor(private readonly dataSource: DataSource) {}

  async create({ actor, payload }: RpcRequest<CreateTracePostRpcPayload>): Promise<OwnerPostRpcReply> {
    const manager = this.dataSource.manager;
    const trace = await requireTraceOwner(manager, payload.traceId, actor);
    const inserted = await manager.insert(PostEntity, {
      traceId: trace.id,
      title: payload.title,
      content: payload.content,
      isPublic: payload.isPublic ?? false,
      isPinned: payload.isPinned ?? false,
    });
    const post = await manager.findOneByOrFail(PostEntity, { id: inserted.identifiers[0].id as string });
    return { post: toPostView(post) };
  }

  async update({ actor, payload }: RpcRequest<UpdateTracePostRpcPayload>): Promise<OwnerPostRpcReply> {
    const manager = this.dataSource.manager;
    const trace = await requireTraceOwner(manager, payload.traceId, actor);
    const post = await this.findPost(manager, trace.id, payload.postId);
    const changes: Partial<PostEntity> = {};
    if (payload.title !== undefined) changes.title = payload.title;
    if (payload.content !== undefined) changes.content = payload.content;
    if (payload.isPublic !== undefined) changes.isPublic = payload.isPublic;
    if (payload.isPinned !== undefined) changes.isPinned = payload.isPinned;
    if (Object.keys(changes).length > 0) await manager.update(PostEntity, { id: post.id }, changes);
    return { post: toPostView(await manager.findOneByOrFail(PostEntity, { id: post.id })) };
  }

  async delete({ actor, payload }: RpcRequest<TracePostIdRpcPayload>): Promise<{ deleted: true }> {
    const manager = this.dataSource.manager;
    const trace = await requireTraceOwner(manager, payload.traceId, actor);
    const result = await manager.delete(PostEntity, { id: payload.postId, traceId: trace.id });
    if (!result.affected) throw postNotFound();
    return { deleted: true };
  }

  private async findPost(manager: EntityManager, traceId: string, postId: string): Promise<PostEntity> {
    const post = await manager.findOneBy(PostEntity, { id: postId, traceId });
    if (!post) throw postNotFound();
    return post;
  }
}
