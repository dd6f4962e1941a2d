import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminFeedbackRpc, SubmitFeedbackRpcCall, type SubmitFeedbackRpcReply } from '@copytrade/contracts';
import { SubmitFeedbackUseCase } from './use-cases/submit-feedback.use-case';

@Controller()
export class FeedbackController {
  constructor(private readonly submitFeedback: SubmitFeedbackUseCase) {}

  @MessagePattern(AdminFeedbackRpc.submit)
  submit(@Payload() request: SubmitFeedbackRpcCall): Promise<SubmitFeedbackRpcReply> {
    return this.submitFeedback.execute(request);
  }
}
