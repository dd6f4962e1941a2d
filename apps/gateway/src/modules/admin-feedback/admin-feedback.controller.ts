import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminFeedbackListQueryDto,
  AdminFeedbackMessages,
  AdminPanelRpc,
  UpdateFeedbackStatusDto,
  type AdminFeedbackListResponse,
  type AdminFeedbackListRpcReply,
  type SetFeedbackStatusRpcPayload,
  type SetFeedbackStatusRpcReply,
  type UpdateFeedbackStatusResponse,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { AdminOnly, Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

/** The admin panel's Feedback tab (docs/product.md#admin-panel): admins only; status changes are audit-logged. */
@ApiTags('admin')
@AdminOnly()
@Controller('api/feedback/admin')
export class AdminFeedbackController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('list')
  async list(
    @Query() query: AdminFeedbackListQueryDto,
    @Req() request: GatewayRequest,
  ): Promise<AdminFeedbackListResponse> {
    const reply = await this.rpc.request<AdminFeedbackListQueryDto, AdminFeedbackListRpcReply>(
      AdminPanelRpc.listFeedback,
      query,
      rpcContextOf(request),
    );
    return { success: true, feedback: reply.feedback, pagination: reply.pagination };
  }

  /** Any of open, in_progress, resolved, closed (400 otherwise); 404 for an id that is no feedback's. */
  @Put(':id/status')
  async setStatus(
    @Param('id') feedbackId: string,
    @Body() body: UpdateFeedbackStatusDto,
    @Req() request: GatewayRequest,
  ): Promise<UpdateFeedbackStatusResponse> {
    const reply = await this.rpc.request<SetFeedbackStatusRpcPayload, SetFeedbackStatusRpcReply>(
      AdminPanelRpc.setFeedbackStatus,
      { feedbackId, status: body.status },
      rpcContextOf(request),
    );
    return { success: true, message: AdminFeedbackMessages.statusUpdated, feedback: reply.feedback };
  }
}
