import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Messages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { GatewayConfig } from '../../config/gateway.config';
import { Req } from '../auth/access.decorators';
import type { GatewayRequest } from '../auth/authenticated-request';
import { LiveEventsHub } from './live-events.hub';

/**
 * GET /api/events: the signed-in user's live push as Server-Sent Events (the session guard applies, as to every
 * route not marked public). Each event is `id: <stream sequence>` and `data: {"type", "data"}`; a comment line is
 * the heartbeat. Reconnecting with `Last-Event-ID` (or `?lastEventId=`) replays what was missed.
 */
@ApiTags('live')
@Controller('api')
export class LiveEventsController {
  constructor(
    private readonly hub: LiveEventsHub,
    private readonly config: GatewayConfig,
  ) {}

  @Get('events')
  @ApiOperation({
    summary: 'Live events of the signed-in user (Server-Sent Events)',
    description:
      'trade.shared / trade.closed of trades the user may see, order.filled of their orders, copy.opened / ' +
      'copy.closed / copy.skipped / copy.failed of their copies, notification.created (no id) when they have new ' +
      'notifications, and resync when a resume is too old. 429 past 5 open streams per user.',
  })
  @ApiProduces('text/event-stream')
  @ApiTooManyRequestsResponse({ description: 'Too many open streams for this user' })
  async events(@Req() request: GatewayRequest, @Res() response: Response): Promise<void> {
    const sessionToken: unknown = request.cookies?.[this.config.sessionCookieName];
    if (!request.user || typeof sessionToken !== 'string') throw DomainException.unauthenticated(Messages.notSignedIn);
    const tokenHash = createHash('sha256').update(sessionToken).digest('hex');
    await this.hub.open(request, response, sessionToken, tokenHash);
  }
}
