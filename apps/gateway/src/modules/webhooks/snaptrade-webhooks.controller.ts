import { Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  CommonErrorCode,
  Messages,
  SnaptradeWebhookErrorCode,
  SnaptradeWebhookMessages,
  SnaptradeWebhookRpc,
  type SnaptradeWebhookResponse,
  type SnaptradeWebhookRpcReply,
  type SnaptradeWebhookRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Public, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';
import { CsrfExempt } from '../csrf/csrf-exempt.decorator';

/**
 * POST /api/webhooks/snaptrade: SnapTrade's webhooks. Public (no session) and CSRF-exempt (SnapTrade is not a
 * browser): the `Signature` header, verified by the brokerage service with the consumer key, is the only proof.
 * The intake (webhook-intake.ts) has already limited the address and refused a missing signature (401), a body over
 * the limit (413) or not JSON (400), and read the body as bytes: it goes on exactly as received, never parsed here.
 * 200 accepted — also for a webhookId already received and for kinds nothing acts on, so SnapTrade stops
 * retrying —; 401 bad signature and 400 malformed or stale (the brokerage); 503 when the brokerage service cannot
 * be reached (SnapTrade retries later), never 500.
 */
@ApiTags('webhooks')
@Controller('api/webhooks')
export class GatewaySnaptradeWebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @CsrfExempt()
  @Post('snaptrade')
  @HttpCode(200)
  @ApiHeader({ name: 'Signature', required: true, description: 'base64 HMAC-SHA256 of the payload (consumer key)' })
  @ApiBody({
    description: "SnapTrade's webhook payload (API-key schema)",
    schema: {
      type: 'object',
      required: ['webhookId', 'eventType', 'eventTimestamp'],
      properties: {
        webhookId: { type: 'string' },
        eventType: { type: 'string', example: 'ACCOUNT_HOLDINGS_UPDATED' },
        eventTimestamp: { type: 'string', format: 'date-time' },
        userId: { type: 'string' },
        clientId: { type: 'string' },
        accountId: { type: 'string' },
        brokerageAuthorizationId: { type: 'string' },
      },
    },
  })
  async receive(
    @Req() request: GatewayRequest,
    @Headers('signature') signature: string,
  ): Promise<SnaptradeWebhookResponse> {
    const raw = request.body as unknown;
    // The intake read it as bytes; anything else (no body) is not a webhook.
    if (!Buffer.isBuffer(raw) || raw.length === 0)
      throw new DomainException(
        400,
        SnaptradeWebhookErrorCode.WEBHOOK_PAYLOAD_INVALID,
        SnaptradeWebhookMessages.notAnObject,
      );
    const { requestId, clientAddress } = rpcContextOf(request);
    try {
      const reply = await this.rpc.request<SnaptradeWebhookRpcRequest, SnaptradeWebhookRpcReply>(
        SnaptradeWebhookRpc.receive,
        { body: raw.toString('utf8'), signature },
        // The default timeout: the brokerage verifies and records in one transaction, with no provider call.
        { requestId, clientAddress },
      );
      return { success: true, outcome: reply.outcome };
    } catch (error) {
      if (error instanceof DomainException && error.status < 500) throw error;
      // Whatever went wrong behind us, SnapTrade should deliver again later: 503 with Retry-After, never a 500.
      throw new DomainException(503, CommonErrorCode.SERVICE_UNAVAILABLE, Messages.serviceUnavailable);
    }
  }
}
