import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { IdentityUsersRpc, LookupUsersRpcCall, type LookupUsersRpcReply } from '@copytrade/contracts';
import { In, Repository } from 'typeorm';
import { requireActor } from '../../common/actor';
import { UserEntity } from './entities/user.entity';

/**
 * Users by id for other services, on behalf of a signed-in actor: the traces service checks that a trace's
 * new owner exists and shows owners' usernames. E-mail addresses go to admins' calls only (null otherwise),
 * so a service that forgets the privacy rule cannot leak them. Unknown ids are simply absent from the answer.
 */
@Controller()
export class UsersController {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  @MessagePattern(IdentityUsersRpc.lookup)
  async lookup(@Payload() { actor, payload }: LookupUsersRpcCall): Promise<LookupUsersRpcReply> {
    const { isAdmin } = requireActor(actor);
    const ids = [...new Set(payload.ids)];
    if (ids.length === 0) return { users: [] };
    const users = await this.users.find({ select: { id: true, username: true, email: true }, where: { id: In(ids) } });
    return {
      users: users.map((user) => ({ id: user.id, username: user.username, email: isAdmin ? user.email : null })),
    };
  }
}
