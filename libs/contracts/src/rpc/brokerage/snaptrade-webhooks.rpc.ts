import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { rpcCallOf } from '../rpc-call';

/**
 * SnapTrade's webhooks (POST /api/webhooks/snaptrade): the gateway hands the body, exactly as received, and the
 * `Signature` header to the brokerage service, which verifies, deduplicates and turns them into events.
 */
export const SnaptradeWebhookRpc = {
  receive: 'rpc.brokerage.snaptrade-webhooks.receive',
} as const;

/**
 * The largest webhook body taken: SnapTrade's payloads (the API-key schema: ids, a type, a timestamp, a small
 * `details` object) are under 1 kB, so 64 kB leaves room for any kind while keeping a flood's bodies small.
 */
export const SNAPTRADE_WEBHOOK_MAX_BODY_BYTES = 64 * 1024;
/** A signature is base64 of 32 bytes (44 characters); anything much longer is not one. */
export const SNAPTRADE_WEBHOOK_MAX_SIGNATURE_LENGTH = 512;
/** The `Signature` header's shape (after trimming): base64 of an HMAC-SHA256 digest. Anything else is refused unread. */
export const SNAPTRADE_WEBHOOK_SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{43}=$/;

export interface SnaptradeWebhookRpcRequest {
  /** The request body as received (UTF-8 text of the JSON). */
  body: string;
  /** The `Signature` header (absent: refused). */
  signature?: string;
}

/**
 * `accepted`: new, and acted on (an event published); `ignored`: new, verified, but nothing to do (a kind we do not
 * act on, or a user we do not know); `duplicate`: this webhookId was received before (SnapTrade retries).
 */
export type SnaptradeWebhookOutcome = 'accepted' | 'ignored' | 'duplicate';

export interface SnaptradeWebhookRpcReply {
  outcome: SnaptradeWebhookOutcome;
  webhookId: string;
  eventType: string;
}

/** The gateway's 200 answer (SnapTrade only looks at the status). */
export interface SnaptradeWebhookResponse {
  success: true;
  outcome: SnaptradeWebhookOutcome;
}

export const SnaptradeWebhookErrorCode = {
  /** 401: no Signature header, or one that does not match the body. */
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  /** 401: SnapTrade is not configured here (no consumer key to verify with). */
  WEBHOOK_NOT_CONFIGURED: 'WEBHOOK_NOT_CONFIGURED',
  /** 400: not a JSON object, or a required field missing or of the wrong type. */
  WEBHOOK_PAYLOAD_INVALID: 'WEBHOOK_PAYLOAD_INVALID',
  /** 400: eventTimestamp too far from now (a replay). */
  WEBHOOK_STALE: 'WEBHOOK_STALE',
} as const;

export const SnaptradeWebhookMessages = {
  signatureInvalid: 'The webhook signature is missing or does not match its body.',
  notConfigured: 'SnapTrade webhooks cannot be verified: SnapTrade is not configured.',
  notAnObject: 'The webhook body must be a JSON object.',
  stale: (maxAgeSeconds: number) =>
    `The webhook's eventTimestamp is more than ${maxAgeSeconds} seconds away from now; it is refused as a replay.`,
} as const;

export class SnaptradeWebhookRpcPayload implements SnaptradeWebhookRpcRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(SNAPTRADE_WEBHOOK_MAX_BODY_BYTES)
  body: string;

  @IsOptional()
  @IsString()
  @MaxLength(SNAPTRADE_WEBHOOK_MAX_SIGNATURE_LENGTH)
  signature?: string;
}

export class SnaptradeWebhookRpcCall extends rpcCallOf(SnaptradeWebhookRpcPayload) {}
