import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  IdentityErrorCode,
  Messages,
  validateNewPassword,
  type CompletePasswordResetRpcRequest,
  type ResetPasswordResponse,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { sha256Hex } from '../../../common/random-token';
import { consumeEach, type RateLimit } from '../../rate-limits/rate-limit';
import { RateLimitPolicies } from '../../rate-limits/rate-limit-policies';
import { RateLimits } from '../../rate-limits/rate-limits.service';
import { PasswordHasher } from '../../sessions/password-hasher.service';
import { SessionInvalidations } from '../../sessions/session-invalidations';
import { SessionIssuer } from '../../sessions/session-issuer.service';
import { UserEntity } from '../../users/entities/user.entity';
import { PasswordResetEntity } from '../entities/password-reset.entity';

const invalidToken = () => new DomainException(400, IdentityErrorCode.RESET_TOKEN_INVALID, Messages.resetTokenInvalid);

/**
 * Sets a new password from an e-mailed link: the password rules of the web form, then a live, unused token.
 * Using the token, the new hash and the end of every session of the user commit together.
 */
@Injectable()
export class ResetPasswordUseCase {
  private readonly logger = new Logger(ResetPasswordUseCase.name);
  private readonly perAddress: RateLimit;

  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(PasswordResetEntity) private readonly resets: Repository<PasswordResetEntity>,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly invalidations: SessionInvalidations,
    limits: RateLimits,
  ) {
    this.perAddress = limits.create(RateLimitPolicies.resetPasswordPerAddress);
  }

  async execute({
    payload,
    clientAddress,
    requestId,
  }: RpcRequest<CompletePasswordResetRpcRequest>): Promise<ResetPasswordResponse> {
    await consumeEach([[this.perAddress, clientAddress]]);
    const problem = validateNewPassword(payload.newPassword, payload.confirmPassword);
    if (problem) throw DomainException.badRequest(problem);
    const tokenHash = sha256Hex(payload.token);
    // Checked before the argon2 work, and again atomically when the token is used.
    const reset = await this.resets.findOneBy({ tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
    if (!reset) throw invalidToken();
    const passwordHash = await this.hasher.hash(payload.newPassword);

    const revoked = await this.dataSource.transaction(async (manager) => {
      const used = await manager.update(
        PasswordResetEntity,
        { id: reset.id, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        { usedAt: new Date() },
      );
      if (used.affected !== 1) throw invalidToken();
      await manager.update(UserEntity, { id: reset.userId }, { passwordHash });
      await manager.update(PasswordResetEntity, { userId: reset.userId, usedAt: IsNull() }, { expiresAt: new Date() });
      return this.sessions.revokeAllOf(manager, reset.userId);
    });
    // Before answering: the old sessions stop working on every gateway replica at once.
    await this.invalidations.userChanged(reset.userId);
    this.logger.log({ requestId, userId: reset.userId, clientAddress, revokedSessions: revoked }, 'Password reset');
    return { success: true, message: Messages.passwordResetDone };
  }
}
