import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import {
  AVATAR_FIELD,
  BROKERAGE_READ_RPC_TIMEOUT_MS,
  BrokerageErrorCode,
  BrokerageRpc,
  CreateTracePostDto,
  OwnerProfileErrorCode,
  OwnerProfileMessages,
  OwnerSubscribersQueryDto,
  TraceOwnerProfileRpc,
  UpdateTracePostDto,
  UpdateTracePrivacyDto,
  UpdateTraceProfileDto,
  type ListAccountsRpcReply,
  type ListConnectionsRpcReply,
  type OwnerAnalyticsResponse,
  type OwnerAvatarResponse,
  type OwnerMessageResponse,
  type OwnerPostResponse,
  type OwnerProfileUpdateResponse,
  type OwnerSubscribersResponse,
  type OwnerTraceDataResponse,
  type TraceOwnerIntegrationResponse,
  type TraceOwnerProfileRpcCalls,
  type UserScopedRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import type { Response } from 'express';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { reencodeAvatar } from './avatar-image';
import { AvatarUploadInterceptor } from './avatar-upload.interceptor';

const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => DomainException.badRequest(`${name} must be a valid id`) });

/** The avatar's URL carries its version (a content hash): that URL never changes content, so it is cached for good. */
const IMMUTABLE = 'private, max-age=31536000, immutable';
/** Without the current version: kept, but checked again (ETag) on every use. */
const REVALIDATE = 'private, no-cache';

/**
 * The owner's trace data, profile, privacy, posts, integration and avatar (docs/product.md#rest-calls). The traces
 * service refuses every owner call but the trace owner's (403 NOT_TRACE_OWNER, admins included; 404 for an unknown
 * trace); the calls that do their work here or elsewhere (integration, avatar upload) ask it first.
 */
@ApiTags('trace-owner')
@Controller('api')
export class TraceOwnerProfileController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('trace-owner/:traceId')
  async ownerTrace(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<OwnerTraceDataResponse> {
    const reply = await this.traces(TraceOwnerProfileRpc.getOwnerTrace, { traceId }, request);
    // The traces service has just checked that the session's user owns the trace: the owner block is that user
    // (identity's data, as the session carries it).
    const user = request.user!;
    return {
      success: true,
      ...reply,
      owner: {
        username: user.username,
        email: user.email,
        snaptradeUserId: user.snaptradeUserId,
        brokerageConnected: user.brokerageConnected,
      },
    };
  }

  /** The Analytics tab: follower results, subscribers per week and copies per trade (owner only). */
  @Get('trace-owner/:traceId/analytics')
  async analytics(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<OwnerAnalyticsResponse> {
    const reply = await this.traces(TraceOwnerProfileRpc.getAnalytics, { traceId }, request);
    return { success: true, ...reply };
  }

  /** The Subscribers tab, newest first; `cursor` is the previous page's nextCursor (owner only). */
  @Get('trace-owner/:traceId/subscribers')
  async subscribers(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Query() query: OwnerSubscribersQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<OwnerSubscribersResponse> {
    const reply = await this.traces(
      TraceOwnerProfileRpc.listSubscribers,
      { traceId, cursor: query.cursor, limit: query.limit },
      request,
    );
    return { success: true, ...reply };
  }

  /**
   * The owner's brokerage link (docs/product.md#entities-and-fields): connections and accounts from the brokerage
   * service, for the session's user once traces has confirmed they own the trace. Not registered with the provider
   * yet: no connection, no accounts.
   */
  @Get('trace-owner/:traceId/integration')
  async integration(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<TraceOwnerIntegrationResponse> {
    await this.requireOwner(traceId, request);
    const user = request.user!;
    const scope = { userId: user.id };
    const context = rpcContextOf(request);
    let link: ListConnectionsRpcReply;
    try {
      link = await this.rpc.request<UserScopedRpcRequest, ListConnectionsRpcReply>(
        BrokerageRpc.listConnections,
        scope,
        context,
        BROKERAGE_READ_RPC_TIMEOUT_MS,
      );
    } catch (error) {
      if ((error as { code?: string }).code === BrokerageErrorCode.PROVIDER_USER_NOT_REGISTERED)
        return {
          success: true,
          integration: { hasSnaptradeConnection: false, snaptradeUserId: null, connections: [], accounts: [] },
        };
      throw error;
    }
    const { accounts } = await this.rpc.request<UserScopedRpcRequest, ListAccountsRpcReply>(
      BrokerageRpc.listAccounts,
      scope,
      context,
      BROKERAGE_READ_RPC_TIMEOUT_MS,
    );
    const owner = { id: user.id, email: user.email, username: user.username, snaptradeUserId: link.providerUserId };
    return {
      success: true,
      integration: {
        hasSnaptradeConnection: link.connections.length > 0,
        snaptradeUserId: link.providerUserId,
        connections: link.connections.map((connection) => ({ ...connection, user: owner })),
        accounts,
      },
    };
  }

  @Put('trace-owner/:traceId/profile')
  async profile(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Body() body: UpdateTraceProfileDto,
    @Req() request: GatewayRequest,
  ): Promise<OwnerProfileUpdateResponse> {
    const reply = await this.traces(TraceOwnerProfileRpc.updateProfile, { ...body, traceId }, request);
    return { success: true, message: OwnerProfileMessages.profileUpdated, trace: reply.trace };
  }

  @Put('trace-owner/:traceId/privacy')
  async privacy(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Body() body: UpdateTracePrivacyDto,
    @Req() request: GatewayRequest,
  ): Promise<OwnerProfileUpdateResponse> {
    const reply = await this.traces(TraceOwnerProfileRpc.updatePrivacy, { ...body, traceId }, request);
    return { success: true, message: OwnerProfileMessages.privacyUpdated, trace: reply.trace };
  }

  @Post('trace-owner/:traceId/posts')
  async createPost(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Body() body: CreateTracePostDto,
    @Req() request: GatewayRequest,
  ): Promise<OwnerPostResponse> {
    const reply = await this.traces(TraceOwnerProfileRpc.createPost, { ...body, traceId }, request);
    return { success: true, message: OwnerProfileMessages.postCreated, post: reply.post };
  }

  @Put('trace-owner/:traceId/posts/:postId')
  async updatePost(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Param('postId', uuidParam('postId')) postId: string,
    @Body() body: UpdateTracePostDto,
    @Req() request: GatewayRequest,
  ): Promise<OwnerPostResponse> {
    const reply = await this.traces(TraceOwnerProfileRpc.updatePost, { ...body, traceId, postId }, request);
    return { success: true, message: OwnerProfileMessages.postUpdated, post: reply.post };
  }

  @Delete('trace-owner/:traceId/posts/:postId')
  async deletePost(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Param('postId', uuidParam('postId')) postId: string,
    @Req() request: GatewayRequest,
  ): Promise<OwnerMessageResponse> {
    await this.traces(TraceOwnerProfileRpc.deletePost, { traceId, postId }, request);
    return { success: true, message: OwnerProfileMessages.postDeleted };
  }

  /**
   * Multipart, field `avatar` (at most 5 MB; JPEG, PNG or GIF by its bytes). Ownership is checked before the image is
   * decoded; the image is re-encoded here (see reencodeAvatar) and only the result, a JPEG of at most 512 × 512 far
   * under NATS's 1 MB message limit even as base64, goes to the traces service, which stores it in PostgreSQL.
   */
  @Post('trace-owner/:traceId/avatar')
  @UseInterceptors(AvatarUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [AVATAR_FIELD],
      properties: { [AVATAR_FIELD]: { type: 'string', format: 'binary' } },
    },
  })
  async uploadAvatar(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @UploadedFile() file: { buffer: Buffer; size: number } | undefined,
    @Req() request: GatewayRequest,
  ): Promise<OwnerAvatarResponse> {
    await this.requireOwner(traceId, request);
    if (!file || file.size === 0)
      throw new DomainException(400, OwnerProfileErrorCode.AVATAR_REQUIRED, OwnerProfileMessages.avatarRequired);
    const image = await reencodeAvatar(file.buffer);
    const reply = await this.traces(
      TraceOwnerProfileRpc.putAvatar,
      {
        traceId,
        contentType: 'image/jpeg',
        dataBase64: image.data.toString('base64'),
        width: image.width,
        height: image.height,
      },
      request,
    );
    return { success: true, message: OwnerProfileMessages.avatarUploaded, ...reply };
  }

  @Delete('trace-owner/:traceId/avatar')
  async deleteAvatar(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Req() request: GatewayRequest,
  ): Promise<OwnerMessageResponse> {
    await this.traces(TraceOwnerProfileRpc.deleteAvatar, { traceId }, request);
    return { success: true, message: OwnerProfileMessages.avatarDeleted };
  }

  /**
   * The trace's avatar for any signed-in user. With the current `v` it is cached as immutable; otherwise it must
   * be revalidated, and a matching If-None-Match answers 304.
   */
  @Get('traces/:traceId/avatar')
  async avatar(
    @Param('traceId', uuidParam('traceId')) traceId: string,
    @Query('v') version: string | undefined,
    @Req() request: GatewayRequest,
    @Res() response: Response,
  ): Promise<void> {
    const avatar = await this.traces(TraceOwnerProfileRpc.getAvatar, { traceId }, request);
    const etag = `"${avatar.version}"`;
    response.setHeader('Cache-Control', version === avatar.version ? IMMUTABLE : REVALIDATE);
    response.setHeader('ETag', etag);
    const cached = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (cached.includes(etag)) {
      response.status(304).end();
      return;
    }
    response.type(avatar.contentType).send(Buffer.from(avatar.dataBase64, 'base64'));
  }

  private async requireOwner(traceId: string, request: GatewayRequest): Promise<void> {
    await this.traces(TraceOwnerProfileRpc.checkOwner, { traceId }, request);
  }

  /** The subject decides the payload's type and the reply's (TraceOwnerProfileRpcCalls). */
  private traces<S extends keyof TraceOwnerProfileRpcCalls>(
    pattern: S,
    payload: TraceOwnerProfileRpcCalls[S]['request'],
    request: GatewayRequest,
  ): Promise<TraceOwnerProfileRpcCalls[S]['reply']> {
    return this.rpc.request<TraceOwnerProfileRpcCalls[S]['request'], TraceOwnerProfileRpcCalls[S]['reply']>(
      pattern,
      payload,
      rpcContextOf(request),
    );
  }
}
