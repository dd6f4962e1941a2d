import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Messages,
  normaliseEmail,
  type ForgotPasswordResponse,
  type RequestPasswordResetRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { newRandomToken, sha256Hex } from '../../../common/random-token';
import { IdentityConfig } from '../../../config/identity.config';
import { MailTemplates } from '../../mail/mail-templates';
import { MAILER, type Mailer } from '../../mail/mailer';
import { consumeEach, type RateLimit } from '../../rate-limits/rate-limit';
import { RateLimitPolicies } from '../../rate-limits/rate-limit-policies';
import { RateLimits } from '../../rate-limits/rate-limits.service';
import { UserEntity } from '../../users/entities/user.entity';
import { PasswordResetEntity } from '../entities/password-reset.entity';

/**
 * Forgot password: e-mails a single-use link when the address has an account. The answer, and its timing, are the
 * same whether or not it has one: past the rate limits it answers at once, and only then is the account looked up,
 * the link issued and the mail sent (a failure there is logged; the user can ask again).
 */
@Injectable()
export class RequestPasswordResetUseCase {
  private readonly logger = new Logger(RequestPasswordResetUseCase.name);
  private readonly perEmail: RateLimit;
  private readonly perAddress: RateLimit;

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
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
    // Not awaited: nothing the answer says depends on it, and awaiting would time whether the account exists.
    void this.sendLink(email, clientAddress).then(
      (accountFound) => this.logger.log({ requestId, accountFound }, 'Password reset requested'),
      (error: unknown) => this.logger.error({ err: error, requestId }, 'Password reset e-mail not sent'),
    );
    return { success: true, message: Messages.passwordResetRequested };
  }

  /** The link, issued and mailed when the address has an account; whether it had one. */
  private async sendLink(email: string, clientAddress: string | undefined): Promise<boolean> {
    const user = await this.users.createQueryBuilder('user').where('lower(user.email) = :email', { email }).getOne();
    if (!user) return false;
    const token = await this.issue(user.id, clientAddress);
    const link = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send(
      MailTemplates.passwordReset({ to: user.email, link, ttlMinutes: this.config.PASSWORD_RESET_TTL_MINUTES }),
    );
    return true;
  }

  /** A new link replaces the user's earlier unused ones. */
  private issue(userId: string, clientAddress: string | undefined): Promise<string> {
    const token = newRandomToken();
    const now = new Date();
    return this.dataSource.transaction(async (manager) => {
      await manager.update(
        PasswordResetEntity,
        { userId, usedAt: IsNull(), expiresAt: MoreThan(now) },
        { expiresAt: now },
      );
      const expiresAt = new Date(now.getTime() + this.config.PASSWORD_RESET_TTL_MINUTES * 60_000);
      await manager.insert(PasswordResetEntity, {
        userId,
        tokenHash: sha256Hex(token),
        expiresAt,
        clientAddress: clientAddress ?? null,
      });
      return token;
    });
  }
}
