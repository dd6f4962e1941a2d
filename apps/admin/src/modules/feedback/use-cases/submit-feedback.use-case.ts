import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  Messages,
  type RpcRequest,
  type SubmitFeedbackRpcReply,
  type SubmitFeedbackRpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { FeedbackEntity } from '../entities/feedback.entity';

/** Stores a signed-in user's feedback as open, for the admins' Feedback tab. */
@Injectable()
export class SubmitFeedbackUseCase {
  private readonly logger = new Logger(SubmitFeedbackUseCase.name);

  constructor(@InjectRepository(FeedbackEntity) private readonly feedback: Repository<FeedbackEntity>) {}

  async execute({ actor, payload, requestId }: RpcRequest<SubmitFeedbackRpcRequest>): Promise<SubmitFeedbackRpcReply> {
    if (!actor) throw DomainException.unauthenticated(Messages.notSignedIn);
    const { identifiers } = await this.feedback.insert({
      userId: actor.userId,
      type: payload.type,
      message: payload.message.trim(),
      email: payload.email,
      page: payload.page ?? null,
      userAgent: payload.userAgent ?? null,
      browserInfo: payload.browserInfo ?? null,
    });
    const feedbackId = identifiers[0]!.id as string;
    this.logger.log({ requestId, feedbackId, userId: actor.userId, type: payload.type }, 'Feedback received');
    return { feedbackId };
  }
}
