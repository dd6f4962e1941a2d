import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminFeedbackRpc,
  type RpcRequest,
  type SubmitFeedbackRpcReply,
  type SubmitFeedbackRpcRequest,
} from '@copytrade/contracts';
import { SubmitFeedbackUseCase } from './use-cases/submit-feedback.use-case';

@Controller()
export class FeedbackController {
  constructor(private readonly submitFeedback: SubmitFeedbackUseCase) {}

  @MessagePattern(AdminFeedbackRpc.submit)
  submit(@Payload() request: RpcRequest<SubmitFeedbackRpcRequest>): Promise<SubmitFeedbackRpcReply> {
    return this.submitFeedback.execute(request);
  }
}
