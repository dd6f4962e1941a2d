import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OnboardingRpcRequest, OnboardingStatusRpcReply, RpcRequest, UserRpcReply } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { requireSelf } from '../../common/actor';
import { SessionInvalidations } from '../sessions/session-invalidations';
import { UserEntity } from '../users/entities/user.entity';
import { toUserView } from '../users/mappers/user-view.mapper';

/** The onboarding wizard's state. Only for the session's own user: another userId is refused with 403. */
@Injectable()
export class OnboardingService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly sessions: SessionInvalidations,
  ) {}

  async status({ actor, payload }: RpcRequest<OnboardingRpcRequest>): Promise<OnboardingStatusRpcReply> {
    const user = await this.ownUser(requireSelf(actor, payload.userId).userId);
    return { completed: user.hasCompletedOnboarding };
  }

  /** Idempotent: completing twice leaves it completed. */
  async complete({ actor, payload }: RpcRequest<OnboardingRpcRequest>): Promise<UserRpcReply> {
    const { userId } = requireSelf(actor, payload.userId);
    await this.users.update({ id: userId }, { hasCompletedOnboarding: true });
    await this.sessions.userChanged(userId); // gateways cache the user's view with the session
    return { user: toUserView(await this.ownUser(userId)) };
  }

  private async ownUser(userId: string): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw DomainException.notFound('User not found');
    return user;
  }
}
