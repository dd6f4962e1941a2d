import { Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  CommonErrorCode,
  Messages,
  SNAPTRADE_WEBHOOK_MAX_BODY_BYTES,
  SNAPTRADE_WEBHOOK_MAX_SIGNATURE_LENGTH,
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

type RawBodyRequest = GatewayRequest & { rawBody?: Buffer };

/**
 * POST /api/webhooks/snaptrade: SnapTrade's webhooks. Public (no session) and CSRF-exempt (SnapTrade is not a
 * browser): the `Signature` header, verified by the brokerage service with the consumer key, is the only proof.
 * The body goes on exactly as received (its JSON parsed here only to refuse what is not an object).
 * 200 accepted — also for a webhookId already received and for kinds nothing acts on, so SnapTrade stops
 * retrying —; 401 missing or bad signature; 400 malformed or stale; 413 over the size limit; 503 when the brokerage
 * service cannot be reached (SnapTrade retries later), never 500.
 */
@ApiTags('webhooks')
@Controller('api/webhooks')
export class SnaptradeWebhooksController {
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
    @Req() request: RawBodyRequest,
    @Headers('signature') signature: string | undefined,
  ): Promise<SnaptradeWebhookResponse> {
    const body = request.body as unknown;
    const raw = request.rawBody;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !raw?.length)
      throw new DomainException(
        400,
        SnaptradeWebhookErrorCode.WEBHOOK_PAYLOAD_INVALID,
        SnaptradeWebhookMessages.notAnObject,
      );
    if (raw.length > SNAPTRADE_WEBHOOK_MAX_BODY_BYTES)
      throw new DomainException(413, CommonErrorCode.PAYLOAD_TOO_LARGE, 'The webhook body is too large.');
    if (!signature || signature.length > SNAPTRADE_WEBHOOK_MAX_SIGNATURE_LENGTH)
      throw new DomainException(
        401,
        SnaptradeWebhookErrorCode.WEBHOOK_SIGNATURE_INVALID,
        SnaptradeWebhookMessages.signatureInvalid,
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
