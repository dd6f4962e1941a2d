import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminPanelRpc,
  AdminUsersDto,
  ToggleAdminDto,
  type AdminListUsersRpcRequest,
  type AdminToggleAdminRpcRequest,
  type AdminUsersResponse,
  type IdentityAdminUsersRpcReply,
  type ToggleAdminResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { withoutUserId } from '../auth/admin-body';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/**
 * The admin panel's Users tab (docs/product.md#admin-panel): admins only; the admin service audit-logs role changes.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class GatewayAdminUsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('users')
  @HttpCode(200)
  async list(@Body() body: AdminUsersDto, @Req() request: GatewayRequest): Promise<AdminUsersResponse> {
    const reply = await this.rpc.request<AdminListUsersRpcRequest, IdentityAdminUsersRpcReply>(
      AdminPanelRpc.listUsers,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, users: reply.users, pagination: reply.pagination };
  }

  /** Grant or revoke admin rights: never one's own, never the last admin's; the target's sessions follow at once. */
  @Post('toggle-admin')
  @HttpCode(200)
  async toggleAdmin(@Body() body: ToggleAdminDto, @Req() request: GatewayRequest): Promise<ToggleAdminResponse> {
    const reply = await this.rpc.request<AdminToggleAdminRpcRequest, Omit<ToggleAdminResponse, 'success'>>(
      AdminPanelRpc.toggleAdmin,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, message: reply.message, user: reply.user };
  }
}
