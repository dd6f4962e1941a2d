import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Messages, type LoginRpcReply, type LoginRpcRequest, type RpcRequest } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { toUserView } from '../../users/mappers/user-view.mapper';
import { LoginThrottle, loginAccountKey } from '../login-throttle.service';
import { PasswordHasher } from '../password-hasher.service';
import { SessionIssuer } from '../session-issuer.service';

/** Username or e-mail + password → a new server-side session. Every attempt is logged (never the password). */
@Injectable()
export class LoginUseCase {
  private readonly logger = new Logger(LoginUseCase.name);

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ payload, clientAddress, requestId }: RpcRequest<LoginRpcRequest>): Promise<LoginRpcReply> {
    const identifier = payload.username.trim().toLowerCase();
    const user = await this.users
      .createQueryBuilder('user')
      .where('lower(user.username) = :identifier OR lower(user.email) = :identifier', { identifier })
      .getOne();
    const account = loginAccountKey(user, identifier);
    // Counted before the (costly, guessable) password check, so parallel guesses cannot outrun the limit.
    await this.throttle.takeAttempt(account, clientAddress);

    const passwordMatches = await this.hasher.verify(user?.passwordHash, payload.password);
    if (!user || !passwordMatches) {
      this.logger.warn({ requestId, identifier, clientAddress }, 'Login refused');
      throw new DomainException(401, 'INVALID_CREDENTIALS', Messages.invalidCredentials);
    }
    await this.throttle.recordSuccess(account, clientAddress);

    const { sessionToken, expiresAt } = await this.sessions.issue(this.users.manager, user.id, clientAddress);
    this.logger.log({ requestId, userId: user.id, clientAddress }, 'Login succeeded');
    return { sessionToken, expiresAt: expiresAt.toISOString(), user: toUserView(user) };
  }
}
