import { Injectable } from '@nestjs/common';
import {
  Messages,
  normaliseEmail,
  type ForgotPasswordResponse,
  type RequestPasswordResetRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { consumeEach, type RateLimit } from '../../rate-limits/rate-limit';
import { RateLimitPolicies } from '../../rate-limits/rate-limit-policies';
import { RateLimits } from '../../rate-limits/rate-limits.service';
import { PasswordResetLinks } from '../password-reset-links';

/**
 * Forgot password: e-mails a single-use link when the address has an account. The answer, and its timing, are the
 * same whether or not it has one: past the rate limits the request is queued (the same write for every address) and
 * answered; the account is looked up, the link issued and the mail sent afterwards (PasswordResetLinks), again after
 * a crash.
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly perEmail: RateLimit;
  private readonly perAddress: RateLimit;

  constructor(
    private readonly links: PasswordResetLinks,
    limits: RateLimits,
  ) {
    this.perEmail = limits.create(RateLimitPolicies.forgotPasswordPerEmail);
    this.perAddress = limits.create(RateLimitPolicies.forgotPasswordPerAddress);
  }

  async execute({
    payload,
    clientAddress,
    requestId,
  }: RpcRequest<RequestPasswordResetRpcRequest>): Promise<ForgotPasswordResponse> {
    const email = normaliseEmail(payload.email);
    await consumeEach([
      [this.perEmail, email],
      [this.perAddress, clientAddress],
    ]);
    await this.links.queue({ email, clientAddress, requestId });
    this.links.kick();
    return { success: true, message: Messages.passwordResetRequested };
  }
}
