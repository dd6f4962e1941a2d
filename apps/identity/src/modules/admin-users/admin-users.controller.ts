import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityAdminUsersRpc,
  IdentityAdminUsersRpcCall,
  IdentitySetAdminRpcCall,
  type IdentityAdminUsersRpcReply,
  type IdentitySetAdminRpcReply,
} from '@copytrade/contracts';
import { ListAdminUsersUseCase } from './use-cases/list-admin-users.use-case';
import { SetAdminUseCase } from './use-cases/set-admin.use-case';

/** The admins' Users tab (reached through the admin service, which audit-logs the changes). */
@Controller()
export class IdentityAdminUsersController {
  constructor(
    private readonly listUsers: ListAdminUsersUseCase,
    private readonly setAdmin: SetAdminUseCase,
  ) {}

  @MessagePattern(IdentityAdminUsersRpc.list)
  list(@Payload() request: IdentityAdminUsersRpcCall): Promise<IdentityAdminUsersRpcReply> {
    return this.listUsers.execute(request);
  }

  @MessagePattern(IdentityAdminUsersRpc.setAdmin)
  set(@Payload() request: IdentitySetAdminRpcCall): Promise<IdentitySetAdminRpcReply> {
    return this.setAdmin.execute(request);
  }
}
