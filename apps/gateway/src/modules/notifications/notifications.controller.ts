import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  EmailUnsubscribeQueryDto,
  ListNotificationsQueryDto,
  MarkNotificationReadRpcPayload,
  NotificationsRpc,
  type EmailUnsubscribeResponse,
  type EmailUnsubscribeRpcReply,
  type NotificationsPageResponse,
  type NotificationsPageRpcReply,
  type UnreadNotificationsResponse,
  type UnreadNotificationsRpcReply,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { CsrfExempt } from '../csrf/csrf-exempt.decorator';
import { Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/**
 * The session user's notifications (identity keeps them; the actor is always the session's user, so another user's
 * notification is not found). Nothing here is cached: a notification marked read shows so in the very next read.
 * The unsubscribe link of an e-mail is the one route without a session.
 */
@ApiTags('notifications')
@Controller('api/notifications')
export class GatewayNotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in user’s notifications, newest first (page by nextCursor)' })
  async list(
    @Query() query: ListNotificationsQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<NotificationsPageResponse> {
    const reply = await this.rpc.request<ListNotificationsQueryDto, NotificationsPageRpcReply>(
      NotificationsRpc.list,
      { limit: query.limit, cursor: query.cursor },
      rpcContextOf(request),
    );
    return {
      success: true,
      notifications: reply.notifications,
      nextCursor: reply.nextCursor,
      unreadCount: reply.unreadCount,
    };
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'How many of the signed-in user’s notifications are unread (the bell’s badge)' })
  unreadCount(@Req() request: GatewayRequest): Promise<UnreadNotificationsResponse> {
    return this.unread(NotificationsRpc.unreadCount, {}, request);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every notification of the signed-in user read' })
  markAllRead(@Req() request: GatewayRequest): Promise<UnreadNotificationsResponse> {
    return this.unread(NotificationsRpc.markAllRead, {}, request);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark one notification read (404 when it is not the signed-in user’s)' })
  markRead(
    @Param() params: MarkNotificationReadRpcPayload,
    @Req() request: GatewayRequest,
  ): Promise<UnreadNotificationsResponse> {
    return this.unread(NotificationsRpc.markRead, { id: params.id }, request);
  }

  /**
   * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the e-mail's
   * link without cookies, so neither a session nor a CSRF token is asked; the signed token is the proof, and identity
   * limits the calls per client address. The body is never read.
   */
  @Public()
  @CsrfExempt()
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({ summary: 'Turn off the e-mail topic of an unsubscribe link (no session: RFC 8058 one-click)' })
  async unsubscribe(
    @Query() query: EmailUnsubscribeQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<EmailUnsubscribeResponse> {
    const reply = await this.rpc.request<EmailUnsubscribeQueryDto, EmailUnsubscribeRpcReply>(
      NotificationsRpc.unsubscribe,
      { token: query.token },
      rpcContextOf(request),
    );
    return { success: true, topic: reply.topic, message: reply.message };
  }

  private async unread(
    subject: string,
    payload: MarkNotificationReadRpcPayload | Record<string, never>,
    request: GatewayRequest,
  ): Promise<UnreadNotificationsResponse> {
    const reply = await this.rpc.request<
      MarkNotificationReadRpcPayload | Record<string, never>,
      UnreadNotificationsRpcReply
    >(subject, payload, rpcContextOf(request));
    return { success: true, unreadCount: reply.unreadCount };
  }
}
