import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ADMIN_PAGE_SIZE,
  adminPaginationOf,
  type AdminUsersDto,
  type IdentityAdminUsersRpcReply,
  type RpcRequest,
} from '@copytrade/contracts';
import { Brackets, Repository } from 'typeorm';
import { requireAdmin } from '../../../common/actor';
import { UserEntity } from '../../users/entities/user.entity';
import { toAdminUserView } from '../mappers/admin-user-view.mapper';

/** A page of users, newest first; `search` matches a part of the username, e-mail, first or last name. */
@Injectable()
export class ListAdminUsersUseCase {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute({ actor, payload }: RpcRequest<AdminUsersDto>): Promise<IdentityAdminUsersRpcReply> {
    requireAdmin(actor);
    const page = payload.page ?? 1;
    const limit = payload.limit ?? ADMIN_PAGE_SIZE;
    const query = this.users.createQueryBuilder('user');
    const search = payload.search?.trim();
    if (search) {
      // The client's text is a literal: its % and _ must not act as wildcards.
      const pattern = `%${search.replace(/[\\%_]/g, (character: string) => `\\${character}`)}%`;
      query.where(
        new Brackets((where) =>
          where
            .where('user.username ILIKE :pattern', { pattern })
            .orWhere('user.email ILIKE :pattern')
            .orWhere('user.first_name ILIKE :pattern')
            .orWhere('user.last_name ILIKE :pattern'),
        ),
      );
    }
    const [users, total] = await query
      .orderBy('user.created_at', 'DESC')
      .addOrderBy('user.id', 'ASC')
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { users: users.map(toAdminUserView), pagination: adminPaginationOf(page, limit, total) };
  }
}
