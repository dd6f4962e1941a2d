import { IsBase64, IsIn, IsInt, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { OwnerAnalyticsResponse, OwnerSubscribersResponse, PostView } from '../../http/traces/trace.view';
import {
  CreateTracePostDto,
  OwnerSubscribersQueryDto,
  UpdateTracePostDto,
  UpdateTracePrivacyDto,
  UpdateTraceProfileDto,
} from '../../http/traces/owner-profile.dto';
import { AVATAR_MAX_DIMENSION, AVATAR_STORED_MAX_BYTES } from '../../http/traces/owner-profile.rules';
import type { OwnerAnalyticsView, OwnerTierView, OwnerTraceView } from '../../http/traces/owner-profile.view';
import { rpcCallOf } from '../rpc-call';
import type { RpcCallTypes } from '../rpc-envelope';
import type { TraceIdRpcRequest } from './traces.rpc';

/**
 * The trace owner's calls (docs/product.md#rest-calls). Every one is refused with 403 NOT_TRACE_OWNER for anyone but
 * the trace's owner (admins included) and 404 TRACE_NOT_FOUND for an unknown trace. `getAvatar` is for every signed-in
 * user (the avatar shows wherever the trace does).
 */
export const TraceOwnerProfileRpc = {
  getOwnerTrace: 'rpc.traces.owner-trace.get',
  checkOwner: 'rpc.traces.owner-trace.check',
  updateProfile: 'rpc.traces.owner-profile.update',
  updatePrivacy: 'rpc.traces.owner-privacy.update',
  createPost: 'rpc.traces.owner-posts.create',
  updatePost: 'rpc.traces.owner-posts.update',
  deletePost: 'rpc.traces.owner-posts.delete',
  putAvatar: 'rpc.traces.owner-avatar.put',
  deleteAvatar: 'rpc.traces.owner-avatar.delete',
  getAvatar: 'rpc.traces.avatars.get',
  /** The Analytics tab: follower results, subscribers per week, copies per trade. */
  getAnalytics: 'rpc.traces.owner-analytics.get',
  /** The Subscribers tab, a page at a time. */
  listSubscribers: 'rpc.traces.owner-subscribers.list',
} as const;

/** The owner data without the `owner` block, which the gateway fills from the session's user (identity's data). */
export interface GetOwnerTraceRpcReply {
  trace: OwnerTraceView;
  analytics: OwnerAnalyticsView;
  posts: PostView[];
  subscriptionTiers: OwnerTierView[];
}
export interface CheckTraceOwnerRpcReply {
  traceId: string;
}
export interface OwnerTraceRpcReply {
  trace: OwnerTraceView;
}
export interface OwnerPostRpcReply {
  post: PostView;
}
export interface PutAvatarRpcReply {
  url: string;
  bytes: number;
  width: number;
  height: number;
}
export interface GetAvatarRpcReply {
  contentType: 'image/jpeg';
  /** The content hash: the `v` of the avatar's URL and its ETag. */
  version: string;
  dataBase64: string;
}

export type GetOwnerAnalyticsRpcReply = Omit<OwnerAnalyticsResponse, 'success'>;
export type ListOwnerSubscribersRpcReply = Omit<OwnerSubscribersResponse, 'success'>;
export interface ListOwnerSubscribersRpcRequest extends OwnerSubscribersQueryDto, TraceIdRpcRequest {}

export interface UpdateTraceProfileRpcRequest extends UpdateTraceProfileDto, TraceIdRpcRequest {}
export interface UpdateTracePrivacyRpcRequest extends UpdateTracePrivacyDto, TraceIdRpcRequest {}
export interface CreateTracePostRpcRequest extends CreateTracePostDto, TraceIdRpcRequest {}
export interface TracePostIdRpcRequest extends TraceIdRpcRequest {
  postId: string;
}
export interface UpdateTracePostRpcRequest extends UpdateTracePostDto, TracePostIdRpcRequest {}
/** The re-encoded avatar (JPEG, base64). */
export interface PutAvatarRpcRequest extends TraceIdRpcRequest {
  contentType: 'image/jpeg';
  dataBase64: string;
  width: number;
  height: number;
}

/** Each TraceOwnerProfileRpc subject's request and reply. */
export interface TraceOwnerProfileRpcCalls {
  [TraceOwnerProfileRpc.getOwnerTrace]: RpcCallTypes<TraceIdRpcRequest, GetOwnerTraceRpcReply>;
  [TraceOwnerProfileRpc.checkOwner]: RpcCallTypes<TraceIdRpcRequest, CheckTraceOwnerRpcReply>;
  [TraceOwnerProfileRpc.updateProfile]: RpcCallTypes<UpdateTraceProfileRpcRequest, OwnerTraceRpcReply>;
  [TraceOwnerProfileRpc.updatePrivacy]: RpcCallTypes<UpdateTracePrivacyRpcRequest, OwnerTraceRpcReply>;
  [TraceOwnerProfileRpc.createPost]: RpcCallTypes<CreateTracePostRpcRequest, OwnerPostRpcReply>;
  [TraceOwnerProfileRpc.updatePost]: RpcCallTypes<UpdateTracePostRpcRequest, OwnerPostRpcReply>;
  [TraceOwnerProfileRpc.deletePost]: RpcCallTypes<TracePostIdRpcRequest, { deleted: true }>;
  [TraceOwnerProfileRpc.putAvatar]: RpcCallTypes<PutAvatarRpcRequest, PutAvatarRpcReply>;
  [TraceOwnerProfileRpc.deleteAvatar]: RpcCallTypes<TraceIdRpcRequest, { deleted: true }>;
  [TraceOwnerProfileRpc.getAvatar]: RpcCallTypes<TraceIdRpcRequest, GetAvatarRpcReply>;
  [TraceOwnerProfileRpc.getAnalytics]: RpcCallTypes<TraceIdRpcRequest, GetOwnerAnalyticsRpcReply>;
  [TraceOwnerProfileRpc.listSubscribers]: RpcCallTypes<ListOwnerSubscribersRpcRequest, ListOwnerSubscribersRpcReply>;
}

const traceId = IsUUID('all', { message: 'traceId must be a valid id' });
const postId = IsUUID('all', { message: 'postId must be a valid id' });

export class UpdateTraceProfileRpcPayload extends UpdateTraceProfileDto implements UpdateTraceProfileRpcRequest {
  @traceId
  traceId: string;
}
export class UpdateTracePrivacyRpcPayload extends UpdateTracePrivacyDto implements UpdateTracePrivacyRpcRequest {
  @traceId
  traceId: string;
}
export class CreateTracePostRpcPayload extends CreateTracePostDto implements CreateTracePostRpcRequest {
  @traceId
  traceId: string;
}
export class UpdateTracePostRpcPayload extends UpdateTracePostDto implements UpdateTracePostRpcRequest {
  @traceId
  traceId: string;

  @postId
  postId: string;
}
export class TracePostIdRpcPayload implements TracePostIdRpcRequest {
  @traceId
  traceId: string;

  @postId
  postId: string;
}
export class ListOwnerSubscribersRpcPayload extends OwnerSubscribersQueryDto implements ListOwnerSubscribersRpcRequest {
  @traceId
  traceId: string;
}
/** The re-encoded avatar (the gateway decodes, bounds and re-encodes the upload; see the gateway's avatar image). */
export class PutAvatarRpcPayload implements PutAvatarRpcRequest {
  @traceId
  traceId: string;

  @IsIn(['image/jpeg'], { message: 'contentType must be image/jpeg' })
  contentType: 'image/jpeg';

  @IsBase64({}, { message: 'dataBase64 must be base64' })
  @MaxLength(Math.ceil(AVATAR_STORED_MAX_BYTES / 3) * 4, { message: 'The re-encoded avatar is too large' })
  dataBase64: string;

  @IsInt()
  @Min(1)
  @Max(AVATAR_MAX_DIMENSION)
  width: number;

  @IsInt()
  @Min(1)
  @Max(AVATAR_MAX_DIMENSION)
  height: number;
}

export class UpdateTraceProfileRpcCall extends rpcCallOf(UpdateTraceProfileRpcPayload) {}
export class UpdateTracePrivacyRpcCall extends rpcCallOf(UpdateTracePrivacyRpcPayload) {}
export class CreateTracePostRpcCall extends rpcCallOf(CreateTracePostRpcPayload) {}
export class UpdateTracePostRpcCall extends rpcCallOf(UpdateTracePostRpcPayload) {}
export class TracePostIdRpcCall extends rpcCallOf(TracePostIdRpcPayload) {}
export class PutAvatarRpcCall extends rpcCallOf(PutAvatarRpcPayload) {}
export class ListOwnerSubscribersRpcCall extends rpcCallOf(ListOwnerSubscribersRpcPayload) {}
