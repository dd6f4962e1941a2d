import { Injectable, Logger } from '@nestjs/common';
import {
  normaliseEmail,
  normalisePhoneNumber,
  passwordErrors,
  PasswordRules,
  SignupMessages,
  UserRegistered,
  validateSignupForm,
  type RegisterUserRpcReply,
  type RegisterUserRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException, OutboxWriter } from '@copytrade/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { uniqueViolationOf } from '../../../common/unique-violation';
import { BetaCapacity } from '../../beta/beta-capacity.service';
import { BetaCodes, betaVerificationRequired } from '../../beta/beta-codes.service';
import { PasswordHasher } from '../../sessions/password-hasher.service';
import { SessionIssuer } from '../../sessions/session-issuer.service';
import { UserEntity } from '../../users/entities/user.entity';
import { toUserView } from '../../users/mappers/user-view.mapper';
import { conflictForIndex, SignupConflicts } from '../signup-conflicts';

type NewUser = Pick<UserEntity, 'username' | 'email' | 'firstName' | 'lastName'> & {
  phoneNumber: string;
  occupation: string;
  annualIncome: string;
};

/**
 * Final signup. The form is checked with the web form's own rule function (same messages, same order), the
 * address must hold a verified beta code, and duplicates are refused with 409. One transaction uses the
 * code, takes a beta seat, creates the user, starts a session and writes UserRegistered.
 */
@Injectable()
export class RegisterUserUseCase {
  private readonly logger = new Logger(RegisterUserUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: BetaCodes,
    private readonly capacity: BetaCapacity,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute({
    payload,
    clientAddress,
    requestId,
  }: RpcRequest<RegisterUserRpcRequest>): Promise<RegisterUserRpcReply> {
    const problem = validateSignupForm(payload);
    if (problem === SignupMessages.fixPasswordErrors)
      throw DomainException.badRequest(problem, {
        passwordErrors: this.passwordProblems(payload.password, payload.confirmPassword),
      });
    if (problem) throw DomainException.badRequest(problem);
    const candidate = normalise(payload);
    await this.assertAvailable(candidate);
    // Cheap refusal before the argon2 work; the transaction checks again while using the code.
    if (!(await this.codes.hasSignupPass(this.dataSource.manager, candidate.email))) throw betaVerificationRequired();
    const passwordHash = await this.hasher.hash(payload.password);

    const { user, session } = await this.dataSource.transaction(async (manager) => {
      await this.codes.useForSignup(manager, candidate.email);
      await this.capacity.takeSeat(manager);
      const created = await this.insertUser(manager, { ...candidate, passwordHash });
      const issued = await this.sessions.issue(manager, created.id, clientAddress);
      const { id: userId, username, email, firstName, lastName } = created;
      await this.outbox.add(
        manager,
        UserRegistered,
        { userId, username, email, firstName, lastName, registeredAt: created.createdAt.toISOString() },
        { correlationId: requestId, aggregateId: `user:${userId}` },
      );
      return { user: created, session: issued };
    });
    this.logger.log({ requestId, userId: user.id, clientAddress }, 'User registered');
    return { sessionToken: session.sessionToken, expiresAt: session.expiresAt.toISOString(), user: toUserView(user) };
  }

  private passwordProblems(password: string, confirmation: string): string[] {
    return [...passwordErrors(password), ...(password === confirmation ? [] : [PasswordRules.mismatchMessage])];
  }

  /**
   * The documented order (docs/product.md#validation-rules): username, then phone; then the address, which verification
   * already tied to the user.
   */
  private async assertAvailable(candidate: NewUser): Promise<void> {
    const users = this.dataSource.getRepository(UserEntity);
    if (await users.createQueryBuilder('user').where('lower(user.username) = lower(:username)', candidate).getExists())
      throw SignupConflicts.username();
    if (await users.existsBy({ phoneNumber: candidate.phoneNumber })) throw SignupConflicts.phone();
    if (await users.createQueryBuilder('user').where('lower(user.email) = :email', candidate).getExists())
      throw SignupConflicts.email();
  }

  private async insertUser(manager: EntityManager, user: NewUser & { passwordHash: string }): Promise<UserEntity> {
    try {
      const { identifiers } = await manager.insert(UserEntity, { ...user, isBetaUser: true });
      return await manager.findOneByOrFail(UserEntity, { id: identifiers[0]!.id as string });
    } catch (error) {
      const index = uniqueViolationOf(error);
      throw (index !== undefined && conflictForIndex(index)) || error;
    }
  }
}

function normalise(form: RegisterUserRpcRequest): NewUser {
  return {
    username: form.username.trim(),
    email: normaliseEmail(form.email),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phoneNumber: normalisePhoneNumber(form.phoneNumber),
    occupation: form.occupation.trim(),
    annualIncome: form.annualIncome,
  };
}
