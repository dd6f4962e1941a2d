import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AdminFeedbackRpc,
  FeedbackMessages,
  Messages,
  SubmitFeedbackDto,
  type FeedbackType,
  type SubmitFeedbackResponse,
  type SubmitFeedbackRpcReply,
  type SubmitFeedbackRpcRequest,
} from '@copytrade/contracts';
import { DomainException, RpcClient } from '@copytrade/nest';
import { Req } from '../auth/access.decorators';
import { rpcContextOf, type GatewayRequest } from '../auth/authenticated-request';

@ApiTags('feedback')
@Controller('api/feedback')
export class GatewayFeedbackController {
  constructor(private readonly rpc: RpcClient) {}

  /** Signed-in users only; the stored e-mail is the session user's own, whatever the body says. */
  @Post('submit')
  @HttpCode(200)
  async submit(@Body() body: SubmitFeedbackDto, @Req() request: GatewayRequest): Promise<SubmitFeedbackResponse> {
    if (!request.user) throw DomainException.unauthenticated(Messages.notSignedIn);
    const feedback: SubmitFeedbackRpcRequest = {
      type: body.type as FeedbackType,
      message: body.message,
      email: request.user.email,
      page: body.page,
      userAgent: body.userAgent,
      browserInfo: body.browserInfo,
    };
    const { feedbackId } = await this.rpc.request<SubmitFeedbackRpcRequest, SubmitFeedbackRpcReply>(
      AdminFeedbackRpc.submit,
      feedback,
      rpcContextOf(request),
    );
    return { success: true, feedbackId, message: FeedbackMessages.received };
  }
}
