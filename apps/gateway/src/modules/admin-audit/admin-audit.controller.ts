import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminAuditLogDto,
  AdminPanelRpc,
  type AdminAuditLogResponse,
  type AdminAuditLogRpcReply,
  type AdminAuditLogRpcRequest,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { withoutUserId } from '../auth/admin-body';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The admin panel's Audit Log tab: every admin action, newest first, by actor or action. */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class AdminAuditController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('audit-log')
  @HttpCode(200)
  async list(@Body() body: AdminAuditLogDto, @Req() request: GatewayRequest): Promise<AdminAuditLogResponse> {
    const reply = await this.rpc.request<AdminAuditLogRpcRequest, AdminAuditLogRpcReply>(
      AdminPanelRpc.listAuditLog,
      withoutUserId(body),
      rpcContextOf(request),
    );
    return { success: true, entries: reply.entries, pagination: reply.pagination };
  }
}
