import {
  CommonErrorCode,
  Messages,
  SNAPTRADE_WEBHOOK_MAX_BODY_BYTES,
  SNAPTRADE_WEBHOOK_SIGNATURE_SHAPE,
  SnaptradeWebhookErrorCode,
  SnaptradeWebhookMessages,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export const SNAPTRADE_WEBHOOK_PATH = '/api/webhooks/snaptrade';

export interface WebhookIntakeLimits {
  /** Refused webhooks (any answer but 2xx) one client address may send per window before it gets 429. */
  maxRefusalsPerAddress: number;
  windowSeconds: number;
}

/**
 * What a webhook must pass before its body is even read, cheapest first, so a flood of forged posts costs the
 * gateway next to nothing (docs/security.md#webhooks):
 *   1. the per-address limit: a point taken atomically per post and given back when the post is accepted (2xx), so
 *      SnapTrade's own deliveries never run it down and a forger's refusals do (429, Retry-After);
 *   2. a `Signature` header shaped like one (401) — the HMAC itself is checked by the brokerage, which holds the key,
 *      on the raw body before it parses anything;
 *   3. a declared length within SNAPTRADE_WEBHOOK_MAX_BODY_BYTES (413) and a JSON content type (400);
 * then the body is read as bytes (never parsed here), up to the same limit, into `request.body`.
 * The limit is kept in each gateway's memory: every replica allows the number.
 */
export function snaptradeWebhookIntake(limits: WebhookIntakeLimits): RequestHandler {
  const refusals = new RateLimiterMemory({ points: limits.maxRefusalsPerAddress, duration: limits.windowSeconds });
  const readRaw = express.raw({ type: () => true, limit: SNAPTRADE_WEBHOOK_MAX_BODY_BYTES });

  const screen = async (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'POST' || request.path !== SNAPTRADE_WEBHOOK_PATH) return next();
    const address = request.ip ?? 'unknown';
    // A refusal here leaves the body unread: closing the connection spares the gateway receiving (and discarding) it.
    const refuse = (error: unknown) => {
      response.setHeader('Connection', 'close');
      next(error);
    };
    try {
      await refusals.consume(address);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) return next(outcome);
      return refuse(DomainException.tooManyRequests(Messages.tooManyRequests, Math.ceil(outcome.msBeforeNext / 1000)));
    }
    response.on('finish', () => {
      if (response.statusCode < 300) void refusals.reward(address);
    });
    const signature = request.header('signature')?.trim();
    if (!signature || !SNAPTRADE_WEBHOOK_SIGNATURE_SHAPE.test(signature))
      return refuse(
        new DomainException(
          401,
          SnaptradeWebhookErrorCode.WEBHOOK_SIGNATURE_INVALID,
          SnaptradeWebhookMessages.signatureInvalid,
        ),
      );
    if (Number(request.header('content-length') ?? 0) > SNAPTRADE_WEBHOOK_MAX_BODY_BYTES)
      return refuse(new DomainException(413, CommonErrorCode.PAYLOAD_TOO_LARGE, 'The webhook body is too large.'));
    if (!request.is('application/json'))
      return refuse(
        new DomainException(
          400,
          SnaptradeWebhookErrorCode.WEBHOOK_PAYLOAD_INVALID,
          SnaptradeWebhookMessages.notAnObject,
        ),
      );
    readRaw(request, response, next);
  };
  return (request, response, next) => void screen(request, response, next);
}
