import { Injectable, Logger } from '@nestjs/common';
import {
  normaliseEmail,
  type RpcRequest,
  type VerifyBetaCodeRpcReply,
  type VerifyBetaCodeRpcRequest,
} from '@copytrade/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { consumeEach, type RateLimit } from '../../rate-limits/rate-limit';
import { RateLimitPolicies } from '../../rate-limits/rate-limit-policies';
import { RateLimits } from '../../rate-limits/rate-limits.service';
import { BetaCapacity, betaFull } from '../beta-capacity.service';
import { BetaCodes, invalidBetaCode } from '../beta-codes.service';
import { BetaCodeEntity } from '../entities/beta-code.entity';

type Outcome = { kind: 'verified'; userExists: boolean } | { kind: 'wrong' } | { kind: 'full' };

/**
 * Checks an e-mailed code for its address: single use, expiring, dead after 5 wrong guesses, compared in
 * constant time, attempts rate-limited. A right code marks the address verified for signup; an address
 * without an account gets 403 when no seat is left.
 */
@Injectable()
export class VerifyBetaCodeUseCase {
  private readonly logger = new Logger(VerifyBetaCodeUseCase.name);
  private readonly perEmail: RateLimit;
  private readonly perAddress: RateLimit;

  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: BetaCodes,
    private readonly capacity: BetaCapacity,
    limits: RateLimits,
  ) {
    this.perEmail = limits.create(RateLimitPolicies.verifyBetaCodePerEmail);
    this.perAddress = limits.create(RateLimitPolicies.verifyBetaCodePerAddress);
  }

  async execute({
    payload,
    clientAddress,
    requestId,
  }: RpcRequest<VerifyBetaCodeRpcRequest>): Promise<VerifyBetaCodeRpcReply> {
    const email = normaliseEmail(payload.email);
    await consumeEach([
      [this.perEmail, email],
      [this.perAddress, clientAddress],
    ]);
    // The transaction commits a wrong guess's count too: refusals are thrown only after it.
    const outcome = await this.dataSource.transaction((manager) => this.check(manager, email, payload.betaCode.trim()));
    this.logger.log({ requestId, clientAddress, outcome: outcome.kind }, 'Beta code verification');
    if (outcome.kind === 'wrong') throw invalidBetaCode();
    if (outcome.kind === 'full') throw betaFull();
    return { userExists: outcome.userExists };
  }

  private async check(manager: EntityManager, email: string, candidate: string): Promise<Outcome> {
    const code = await this.codes.findLive(manager, email);
    if (!code) return { kind: 'wrong' };
    if (!this.codes.matches(code, candidate)) {
      await manager.increment(BetaCodeEntity, { id: code.id }, 'failedAttempts', 1);
      return { kind: 'wrong' };
    }
    const userExists = await manager
      .createQueryBuilder(UserEntity, 'user')
      .where('lower(user.email) = :email', { email })
      .getExists();
    if (!userExists && (await this.capacity.isFull(manager))) return { kind: 'full' };
    await manager.update(BetaCodeEntity, { id: code.id }, { verifiedAt: new Date() });
    return { kind: 'verified', userExists };
  }
}
